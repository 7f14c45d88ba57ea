import type { ReactNode } from "react";
import { Button, type ButtonProps } from "./button";

/**
 * The end of a form or dialog: its error, read out as an alert, then Cancel and the form's own
 * action at the right.
 */
export function FormFooter({
  error,
  errorClassName = "text-sm text-red-600",
  onCancel,
  cancelLabel = "Cancel",
  busy,
  size,
  children,
}: {
  error?: string | null;
  /** The error's look, where a form shows it in a box of its own. */
  errorClassName?: string;
  /** Leaves the form; without it there is no Cancel button. */
  onCancel?: () => void;
  cancelLabel?: string;
  /** Disables Cancel while the form saves. */
  busy?: boolean;
  size?: ButtonProps["size"];
  children: ReactNode;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className={errorClassName}>
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button size={size} variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
        ) : null}
        {children}
      </div>
    </>
  );
}
