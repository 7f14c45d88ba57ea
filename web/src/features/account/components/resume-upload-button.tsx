import { Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { BusyIcon } from "../../../components/ui/busy-icon";
import { Button } from "../../../components/ui/button";
import { compactToast } from "../../../lib/toast";
import { resumeFileProblem } from "../api/upload-resume";
import { useUploadResume } from "../api/use-upload-resume";

/** Upload Resume / Update Resume, with the chosen file's name beside it. */
export function ResumeUploadButton({ hasResume }: { hasResume: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const upload = useUploadResume();
  const nameId = useId();

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ""; // choosing the same file again must fire change again
    if (!file) return;
    const problem = resumeFileProblem(file);
    if (problem) {
      compactToast.error(problem);
      return;
    }
    setChosen(file.name);
    upload.mutate(file);
  };

  return (
    <div className="flex min-w-0 flex-col items-stretch gap-1 sm:items-end">
      <input
        ref={input}
        type="file"
        accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="resume-input"
        onChange={onChange}
      />
      <Button
        size="sm"
        variant={hasResume ? "secondary" : "primary"}
        disabled={upload.isPending}
        aria-describedby={chosen ? nameId : undefined}
        onClick={() => input.current?.click()}
      >
        <BusyIcon busy={upload.isPending} icon={Upload} />
        {upload.isPending ? "Uploading..." : hasResume ? "Update Resume" : "Upload Resume"}
      </Button>
      {chosen ? (
        <span id={nameId} className="max-w-56 truncate text-xs text-slate-500" title={chosen}>
          {chosen}
        </span>
      ) : null}
    </div>
  );
}
