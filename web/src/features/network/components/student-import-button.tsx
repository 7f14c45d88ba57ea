import { MESSAGES } from "@reachout/contract/messages";
import { GraduationCap } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../lib/toast";
import { useIsAdmin } from "../../../lib/use-session";
import { importStudents } from "../api/network";

/** Admin-only "Scrape Cornell Biz Students": imports students from the configured source (hidden for others; the server checks too). */
export function StudentImportButton() {
  const isAdmin = useIsAdmin();
  const [busy, setBusy] = useState(false);
  if (!isAdmin) return null;
  const run = async () => {
    setBusy(true);
    try {
      const { count } = await importStudents();
      toast.success(`Imported ${count} student contact${count === 1 ? "" : "s"}.`);
    } catch {
      toast.error(MESSAGES.admin.scrapeFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={run} disabled={busy}>
      <GraduationCap className="size-4" aria-hidden />
      {busy ? "Importing..." : "Scrape Cornell Biz Students"}
    </Button>
  );
}
