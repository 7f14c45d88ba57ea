import { Loader2 } from "lucide-react";
import { Button } from "./ui/button";

/** What a contact list shows when its first batch could not be loaded. */
export function ListLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-800">
      <p className="font-medium">{message}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** What a contact list shows while its first batch loads. */
export function ListLoading({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-2 py-16 text-slate-600">
      <Loader2 className="size-5 animate-spin" aria-hidden />
      {label}
    </div>
  );
}

/** Under a batched list (`useBatchedList`): the next batch loading, or a retry when it failed. */
export function MoreContactsStatus({
  list,
}: {
  list: { isFetchingMore: boolean; loadMoreFailed: boolean; fetchMore: () => Promise<unknown> };
}) {
  return (
    <>
      {list.isFetchingMore && (
        <p role="status" className="flex items-center justify-center gap-2 text-sm text-slate-600">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          Loading more contacts...
        </p>
      )}
      {list.loadMoreFailed && (
        <div className="flex justify-center">
          <Button variant="secondary" size="sm" onClick={() => void list.fetchMore()}>
            Retry loading more
          </Button>
        </div>
      )}
    </>
  );
}
