import { ClipboardCopy, ExternalLink } from "lucide-react";
import { copyText, mailtoLink } from "../lib/copy-mode";
import { Button, buttonClasses } from "./ui/button";

/**
 * Copy mode's way out of Reachout: copy the subject, copy the body, or open the email in the
 * student's own mail app (a `mailto:` link, when the address is known).
 */
export function CopyEmailButtons({
  to,
  subject,
  body,
}: {
  to: string | null | undefined;
  subject: string;
  body: string;
}) {
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        disabled={!subject.trim()}
        onClick={() => copyText(subject.trim(), "Subject")}
      >
        <ClipboardCopy className="size-4" aria-hidden />
        Copy subject
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={!body.trim()}
        onClick={() => copyText(body, "Body")}
      >
        <ClipboardCopy className="size-4" aria-hidden />
        Copy body
      </Button>
      {to ? (
        <a href={mailtoLink(to, subject.trim(), body)} className={buttonClasses("secondary", "sm")}>
          <ExternalLink className="size-4" aria-hidden />
          Open in my mail app
        </a>
      ) : null}
    </>
  );
}
