import { Loader2 } from "lucide-react";

export function PageLoading({ label }: { label: string }) {
  return (
    <div className="flex min-h-[40vh] flex-col items-center justify-center gap-3" role="status">
      <Loader2 className="size-8 animate-spin text-brand-600" aria-hidden />
      <p className="text-sm text-slate-600">{label}</p>
    </div>
  );
}
