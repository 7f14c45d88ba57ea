import { toast } from "../../../../lib/toast";
import type { MyNetwork, NetworkDialog, PlainDialog } from "../../lib/use-my-network";
import { ContactLookupDialog } from "../contact-lookup-dialog";
import { BulkEmailDialog } from "../email/bulk-email-dialog";
import { ContactEmailDialog } from "../email/contact-email-dialog";
import { ScheduledEmailsManager } from "../email/scheduled-emails-manager";
import { AddContactDialog } from "../own-contacts/add-contact-dialog";
import { ImportContactsDialog } from "../own-contacts/import-contacts-dialog";
import { RemoveDialog } from "../remove-dialog";

/** Every dialog My Network opens over the list, and the one a deep link opens. */
export function NetworkDialogs({ network }: { network: MyNetwork }) {
  const { dialog, deepLink, refresh } = network;
  const isOpen = (name: NetworkDialog["name"]) => dialog?.name === name;
  /** A dialog's onOpenChange: closing one never closes another opened since. */
  const closes = (name: PlainDialog) => (open: boolean) =>
    open ? network.openDialog({ name }) : network.closeDialog(name);
  const emailContact = dialog?.name === "email" ? dialog.contact : null;
  return (
    <>
      <ContactEmailDialog
        contact={emailContact}
        open={emailContact !== null}
        onOpenChange={(open) => !open && network.closeDialog("email")}
        onChanged={refresh}
      />
      <BulkEmailDialog
        open={isOpen("bulk")}
        onOpenChange={closes("bulk")}
        contacts={network.selectedContacts}
        onChanged={refresh}
      />
      <ScheduledEmailsManager
        open={isOpen("scheduled")}
        onOpenChange={closes("scheduled")}
        onChanged={refresh}
      />
      <AddContactDialog
        open={isOpen("add")}
        onOpenChange={closes("add")}
        onAdded={(contact) => {
          toast.success(`Added ${contact.full_name} to My Network.`);
          refresh();
        }}
      />
      <ImportContactsDialog
        open={isOpen("import")}
        onOpenChange={closes("import")}
        onImported={refresh}
      />
      <RemoveDialog
        open={isOpen("remove")}
        count={network.selected.size}
        busy={network.isRemoving}
        onOpenChange={closes("remove")}
        onConfirm={network.removeSelected}
      />
      {deepLink.link.state === "looking" || deepLink.link.state === "not-found" ? (
        <ContactLookupDialog state={deepLink.link.state} onClose={deepLink.close} />
      ) : null}
      {deepLink.link.state === "found" && (
        <ContactEmailDialog
          contact={deepLink.link.contact}
          open
          onOpenChange={(open) => !open && deepLink.close()}
          onChanged={refresh}
        />
      )}
    </>
  );
}
