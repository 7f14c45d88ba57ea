import type { ProfileResponse } from "@reachout/contract/profile";
import { Dialog } from "../../../components/ui/dialog";
import { EditProfileForm } from "./edit-profile-form";

export function EditProfileDialog({
  open,
  onOpenChange,
  profile,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profile: ProfileResponse | undefined;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Profile"
      description="Your school details personalise the emails written for you."
    >
      {open ? (
        <EditProfileForm
          initial={profile}
          onSaved={() => onOpenChange(false)}
          onCancel={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
  );
}
