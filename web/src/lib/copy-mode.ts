import { toast } from "./toast";

/** A `mailto:` link that opens the student's own mail app with the email filled in. */
export function mailtoLink(to: string, subject: string, body: string): string {
  const query = `subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
  return `mailto:${encodeURIComponent(to).replace(/%40/g, "@")}?${query}`;
}

/** Copies text for the student to paste into their own mail app, and says so. */
export async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied.`);
  } catch {
    toast.error(
      `Your browser did not allow copying. Select the ${what.toLowerCase()} and copy it.`,
    );
  }
}
