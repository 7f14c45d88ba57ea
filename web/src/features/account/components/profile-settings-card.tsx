import type { ProfileStatus } from "@reachout/contract/profile";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { isSetupComplete, missingSetup } from "../../../lib/use-setup-status";
import { useResumeFacts } from "../api/resume-facts";
import { formatDate } from "../lib/subscription";
import { EditProfileDialog } from "./edit-profile-dialog";
import { StatusBadge } from "./status-badge";

/** Profile settings: email, member since, setup status and the school details, editable. */
export function ProfileSettingsCard({
  email,
  memberSince,
  status,
}: {
  email: string | undefined;
  memberSince: string | undefined;
  status: ProfileStatus | undefined;
}) {
  const [editing, setEditing] = useState(false);
  const missing = missingSetup(status);
  // Every email uses the resume's school, year and major while the profile's are empty: say
  // so rather than "Not set".
  const resume = useResumeFacts(Boolean(status?.resume_uploaded));
  const read = resume.data?.facts?.education[0];
  const shown = (
    own: string | number | null | undefined,
    fromResume: string | number | null | undefined,
  ) => own || (fromResume ? `${fromResume} (from your resume)` : "Not set");
  const rows: Array<[string, React.ReactNode]> = [
    ["Email", email ?? "—"],
    ["Member since", formatDate(memberSince) ?? "—"],
    [
      "Setup status",
      <StatusBadge key="setup" complete={Boolean(status) && isSetupComplete(missing)} />,
    ],
    ["University", shown(status?.university, read?.school)],
    ["Graduation year", shown(status?.graduation_year, read?.class_year)],
    ["Major", shown(status?.major, read?.major)],
  ];
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Profile Settings</h2>
        <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
          <Pencil className="size-4" aria-hidden />
          Edit Profile
        </Button>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2" data-testid="profile-settings">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
            <dd className="truncate text-sm text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <EditProfileDialog open={editing} onOpenChange={setEditing} profile={status} />
    </Card>
  );
}
