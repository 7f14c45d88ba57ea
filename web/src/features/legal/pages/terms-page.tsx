import { LIMITS, PLANS } from "@reachout/contract";
import { EmailLink } from "../components/email-link";
import { LegalDocument, type LegalSection } from "../components/legal-document";

const dollars = (cents: number | null) => (cents === null ? "custom" : `$${cents / 100}`);

const SECTIONS: LegalSection[] = [
  {
    id: "service",
    title: "The service",
    body: (
      <p>
        Reachout finds professional contacts for the roles you target, writes personalized emails
        with AI from your resume, and sends them from the Gmail account you connect, now or at a
        time you schedule. Some features, such as the startup founder directory, are in early access
        and may change.
      </p>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    body: (
      <ul>
        <li>You must be at least 16 years old and give accurate information.</li>
        <li>
          An account is for one person. Keep your password private; you are responsible for what
          happens under your account.
        </li>
        <li>
          You must verify your email address before using Reachout, and you need an uploaded resume
          and a connected Gmail account before generating or sending email.
        </li>
      </ul>
    ),
  },
  {
    id: "sending",
    title: "Sending email from your Gmail",
    body: (
      <>
        <p>
          By connecting Gmail you authorize Reachout to send, on your behalf, the emails you write,
          approve or schedule, and to read the replies in those threads. You are the sender: you are
          responsible for the content of every email and for following the laws that apply to it,
          such as CAN-SPAM and the GDPR, and Google's Gmail Program Policies.
        </p>
        <p>
          To protect your mailbox's reputation, Reachout limits how many emails each mailbox sends
          per day and how close together they go out. We may pause sending from an account that
          receives spam complaints or breaks these terms.
        </p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>send spam, bulk marketing, or messages unrelated to your own job search;</li>
          <li>harass, deceive or impersonate anyone, or misrepresent who you are;</li>
          <li>
            copy, resell or publish contact data from Reachout, or use it for any purpose other than
            contacting people about opportunities for yourself;
          </li>
          <li>
            scrape, overload or probe the service, or get around its credit, rate or sending limits.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "credits",
    title: "Credits, plans and billing",
    body: (
      <>
        <p>
          Each contact the agent finds or you save costs 1 credit. An automatic search position
          needs at least {LIMITS.agentMinCredits} credits to run, and is paused when your balance
          falls below that.
        </p>
        <ul>
          {Object.values(PLANS).map((plan) => (
            <li key={plan.id}>
              <strong>{plan.name}:</strong>{" "}
              {plan.priceCents === null
                ? "custom pricing and credit volume, arranged with our sales team"
                : `${dollars(plan.priceCents)} per month with ${plan.credits} credits`}
            </li>
          ))}
        </ul>
        <p>
          Paid plans are monthly subscriptions billed through Stripe. They renew automatically until
          you cancel; a cancellation takes effect at the end of the current billing period. When you
          upgrade you pay only the difference for the rest of the period. Credits have no cash
          value, cannot be transferred, and are not refundable except where the law requires.
        </p>
      </>
    ),
  },
  {
    id: "ai-content",
    title: "AI-written content",
    body: (
      <p>
        Drafts are generated automatically and can contain mistakes. Review every email before it is
        sent. Reachout helps you reach people; it does not promise replies, interviews or job
        offers.
      </p>
    ),
  },
  {
    id: "your-content",
    title: "Your content",
    body: (
      <p>
        Your resume, drafts and emails stay yours. You give Reachout permission to store and process
        them only to provide the service to you, as described in the Privacy Policy. The Reachout
        software, design and brand belong to us.
      </p>
    ),
  },
  {
    id: "termination",
    title: "Ending your account",
    body: (
      <p>
        You can stop using Reachout and ask us to delete your account at any time. We may suspend or
        close accounts that break these terms, with notice where we reasonably can. Sections 7 and 9
        continue to apply after an account closes.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Disclaimers and liability",
    body: (
      <p>
        Reachout is provided "as is". To the extent the law allows, we are not liable for indirect
        or consequential losses, or for the content you send, and our total liability for any claim
        is limited to the amount you paid us in the 12 months before it arose. Nothing in these
        terms limits rights you have as a consumer that cannot be waived.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these terms as Reachout evolves. We will change the effective date above and
        email you about material changes at least 14 days before they apply. Continuing to use
        Reachout after that means you accept the new terms.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions about these terms? Email <EmailLink address="support_email" />.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro={
        <p>
          These terms are an agreement between you and Reachout about your use of the Reachout web
          app. By creating an account or joining the waitlist you accept them.
        </p>
      }
      sections={SECTIONS}
      sibling={{ to: "/privacy", label: "Privacy Policy" }}
    />
  );
}
