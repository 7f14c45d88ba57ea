import { MESSAGES } from "@reachout/contract/messages";
import { Link } from "react-router";
import { Card } from "../../../components/ui/card";
import { useSession } from "../../../lib/use-session";
import { useSetupStatus } from "../../../lib/use-setup-status";
import { EditProfileForm } from "../components/edit-profile-form";
import { GoalCard } from "../components/goal-card";
import { PageLoading } from "../components/page-loading";
import { SetupStatusCard } from "../components/setup-status-card";
import { useGmailReturn } from "../hooks/use-gmail-return";

/** /profile: the school details, the resume and the mailbox connection on one page. */
export default function ProfilePage() {
  const { isLoggedIn } = useSession();
  useGmailReturn();
  const status = useSetupStatus();

  if (!isLoggedIn) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <p className="text-lg text-slate-700">{MESSAGES.profile.loggedOut}</p>
      </section>
    );
  }
  if (status.isPending) return <PageLoading label="Loading your profile..." />;

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Profile</h1>
        <p className="mt-1 text-slate-600">
          Your school details, resume and mailbox connection.{" "}
          <Link to="/account" className="font-medium text-brand-700 hover:underline">
            Go to your account
          </Link>
        </p>
      </header>
      <SetupStatusCard />
      <Card>
        <h2 className="mb-4 text-lg font-semibold text-slate-900">Edit Profile</h2>
        <EditProfileForm initial={status.data} />
      </Card>
      <GoalCard />
    </section>
  );
}
