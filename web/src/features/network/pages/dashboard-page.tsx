import { DiscoverContactsForm } from "../../../components/discover-contacts/discover-form";
import { Card } from "../../../components/ui/card";
import { CreditsPill } from "../components/credits-pill";
import { SavedContacts } from "../components/saved-contacts";

/** The manual search panel ("Discover Contacts") followed by "Your Saved Contacts". */
export default function DashboardPage() {
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
        <CreditsPill />
      </header>
      <Card>
        <h2 className="text-xl font-semibold text-slate-900">Discover Contacts</h2>
        <p className="mb-4 text-sm text-slate-600">
          Name the role you want: Reachout finds the recruiters and hiring managers who fill it and
          saves them to My Network.
        </p>
        <DiscoverContactsForm mode="dashboard" />
      </Card>
      <SavedContacts />
    </section>
  );
}
