import { MESSAGES } from "@reachout/contract/messages";
import { GraduationCap } from "lucide-react";
import { toast } from "../../../lib/toast";
import { importStudents } from "../api/network";
import { AdminActionButton } from "./admin-action-button";

/** Admin-only "Scrape Cornell Biz Students": imports students from the configured source (hidden for others; the server checks too). */
export function StudentImportButton() {
  const run = async () => {
    try {
      const { count } = await importStudents();
      toast.success(`Imported ${count} student contact${count === 1 ? "" : "s"}.`);
    } catch {
      toast.error(MESSAGES.admin.scrapeFailed);
    }
  };
  return (
    <AdminActionButton
      icon={GraduationCap}
      label="Scrape Cornell Biz Students"
      busyLabel="Importing..."
      onRun={run}
    />
  );
}
