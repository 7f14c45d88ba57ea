import { MESSAGES } from "@reachout/contract/messages";
import { Link } from "react-router";
import { OnboardingChecklist } from "../../../components/onboarding-checklist";
import { useBillingInfo } from "../../../lib/billing-info";
import { useSession } from "../../../lib/use-session";
import { useSetupStatus } from "../../../lib/use-setup-status";
import { useUserProfile } from "../api/user-profile";
import { AccountHeader } from "../components/account-header";
import { AgentSection } from "../components/agent-section";
import { CheckoutSuccessBanner } from "../components/checkout-success-banner";
import { UnfinishedConnectionCard } from "../components/copy-mode-choice";
import { CreditsCard } from "../components/credits-card";
import { GoalCard } from "../components/goal-card";
import { PageLoading } from "../components/page-loading";
import { ProfileSettingsCard } from "../components/profile-settings-card";
import { ResumeFactsCard } from "../components/resume-facts-card";
import { SendingHealthCard } from "../components/sending-health-card";
import { SetupStatusCard } from "../components/setup-status-card";
import { SubscriptionCard } from "../components/subscription-card";
import { useGmailReturn } from "../hooks/use-gmail-return";
import { useOutlookReturn } from "../hooks/use-outlook-return";

export default function AccountPage() {
  const { user, isLoggedIn } = useSession();
  useGmailReturn();
  useOutlookReturn();
  const status = useSetupStatus();
  const profile = useUserProfile();
  const billing = useBillingInfo();

  if (!isLoggedIn) {
    return (
      <section className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6">
        <p className="text-lg text-slate-700">{MESSAGES.profile.loggedOut}</p>
        <Link to="/login" className="mt-4 inline-block font-medium text-brand-700 hover:underline">
          Log In
        </Link>
      </section>
    );
  }
  if (status.isPending || profile.isPending) return <PageLoading label="Loading your account..." />;

  const credits = billing.data?.user_credits ?? profile.data?.credits ?? user?.credits;
  const plan = billing.data?.plan ?? profile.data?.plan ?? user?.plan;
  const email = profile.data?.email ?? user?.email;

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <CheckoutSuccessBanner />
      <AccountHeader email={email} credits={credits} plan={plan} />
      <UnfinishedConnectionCard />
      <OnboardingChecklist here="/account" />
      <SetupStatusCard />
      <SendingHealthCard
        enabled={Boolean(status.data?.gmail_connected || status.data?.copy_mode)}
      />
      <div className="grid gap-6 md:grid-cols-2">
        <SubscriptionCard billing={billing.data} fallbackPlan={plan} />
        <CreditsCard credits={credits} />
      </div>
      <ProfileSettingsCard
        email={email}
        memberSince={profile.data?.created_at}
        status={status.data}
      />
      <GoalCard />
      {status.data?.resume_uploaded ? <ResumeFactsCard /> : null}
      <AgentSection credits={credits} />
    </section>
  );
}
