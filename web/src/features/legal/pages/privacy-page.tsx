import { Link } from "react-router";
import { EmailLink } from "../components/email-link";
import { LegalDocument, type LegalSection } from "../components/legal-document";

const SECTIONS: LegalSection[] = [
  {
    id: "information-we-hold",
    title: "Information we hold",
    body: (
      <>
        <p>We keep only what Reachout needs to find contacts and send your emails:</p>
        <ul>
          <li>
            <strong>Account:</strong> your email address, and either a password (stored only as an
            Argon2id hash) or the Google account you signed in with, with the name and profile
            picture Google shares.
          </li>
          <li>
            <strong>Profile and resume:</strong> your university, major and graduation year, the
            resume file you upload and the text we extract from it to write your emails.
          </li>
          <li>
            <strong>Gmail connection:</strong> the Gmail address you connect and the access grant
            Google gives us, encrypted at rest (see section 3).
          </li>
          <li>
            <strong>Contacts and outreach:</strong> the target positions you set, the contacts the
            agent finds or you save, the emails you write, schedule and send, their status, and
            whether a contact replied.
          </li>
          <li>
            <strong>Credits and billing:</strong> your plan, your credit balance and a history of
            every credit spent or granted. Payments are processed by Stripe: we receive your
            subscription status and billing period, never your card number.
          </li>
          <li>
            <strong>Waitlist and newsletter:</strong> your name, email, optional phone number and
            the target roles you chose, if you join the waitlist or subscribe.
          </li>
          <li>
            <strong>Technical data:</strong> IP addresses and request logs, used for security and
            rate limiting. Your browser's local storage holds your session token and email drafts.
            We use no advertising cookies or trackers.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "how-we-use-it",
    title: "How we use it",
    body: (
      <ul>
        <li>To run the service: search for contacts, write emails, send them and track replies.</li>
        <li>To keep your credit balance and subscription correct.</li>
        <li>
          To send service email: verification codes, waitlist and newsletter confirmations, and
          notices about your account.
        </li>
        <li>To protect accounts and the service from abuse, fraud and spam.</li>
        <li>
          To send our newsletter, only if you subscribed; reply "unsubscribe" at any time to stop.
        </li>
      </ul>
    ),
  },
  {
    id: "gmail",
    title: "How Reachout uses your Gmail account",
    body: (
      <>
        <p>
          Connecting Gmail is optional and asks Google for two permissions. We use them only as
          described here:
        </p>
        <ul>
          <li>
            <strong>gmail.send</strong> is used only to send the emails you write, approve or
            schedule in Reachout, from your address, with your resume attached.
          </li>
          <li>
            <strong>gmail.readonly</strong> is used only to read the threads of emails sent through
            Reachout, so we can detect replies and show you the conversation. We do not read, index
            or store any other email in your mailbox.
          </li>
        </ul>
        <p>
          Gmail data is never sold, never used for advertising, never used to train AI models, and
          never read by people, except with your permission to resolve a support request, for
          security reasons, or where the law requires. Our use of information received from Google
          APIs adheres to the Google API Services User Data Policy, including its Limited Use
          requirements.
        </p>
        <p>
          The grant is stored encrypted with AES-256-GCM and is never shown to anyone, including
          you. You can revoke it at any time in your Google Account under Security, Third-party
          connections; from that moment Reachout can neither send nor read anything, and your
          Account page shows Gmail as not connected until you reconnect.
        </p>
      </>
    ),
  },
  {
    id: "ai",
    title: "AI-written emails",
    body: (
      <p>
        To write an email we send the language model the details it needs: your name, university,
        major and resume text, and the contact's name, title, company and shared background. The
        model provider processes this on our behalf to return the draft, and may not use it to train
        its models. You always see the draft before it is sent and can edit it freely.
      </p>
    ),
  },
  {
    id: "sharing",
    title: "Who we share it with",
    body: (
      <>
        <p>We do not sell or rent personal information. We share it only with:</p>
        <ul>
          <li>
            Service providers that run parts of Reachout for us: hosting and database, Stripe for
            payments, Google for Gmail, our email delivery provider, and our language model
            provider.
          </li>
          <li>The people you choose to email, who receive the message and resume you send.</li>
          <li>Authorities, when the law requires it or to protect people from harm.</li>
        </ul>
      </>
    ),
  },
  {
    id: "retention",
    title: "Retention and deletion",
    body: (
      <>
        <p>
          We keep your information while your account is open. You can remove contacts, cancel
          scheduled emails and revoke Gmail access at any time.
        </p>
        <p>
          To delete your account, email <EmailLink address="support_email" /> from the address you
          signed up with. Within 30 days we delete your profile, resume, Gmail grant, contacts,
          target positions and email records; copies in encrypted backups expire within a further 30
          days. We keep billing records for as long as tax law requires.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        Reachout is SOC 2 compliant. Traffic is encrypted in transit with TLS. Passwords are hashed
        with Argon2id; verification codes and session identifiers are stored only as hashes; Gmail
        grants are encrypted with AES-256-GCM. Resumes are stored outside any public location and
        served only to their owner, and every request for your data is checked against your account.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    body: (
      <p>
        You can access, correct, export and delete your information, and object to its use. Your
        saved contacts can be exported to CSV from My Network at any time. For anything else, email{" "}
        <EmailLink address="support_email" /> and we will answer within 30 days. Depending on where
        you live, for example in the European Union or California, you may also complain to your
        data protection authority.
      </p>
    ),
  },
  {
    id: "people-students-write-to",
    title: "If a student wrote to you through Reachout",
    body: (
      <>
        <p>
          Reachout keeps a directory of professional contacts (name, title, company, work email)
          that students use to write to recruiters and hiring managers from their own Gmail. To
          protect the people they write to:
        </p>
        <ul>
          <li>
            <strong>Opt out at any time:</strong> on the <Link to="/opt-out">opt-out page</Link>{" "}
            enter your address and confirm with the link we email you. From then on no Reachout user
            can email that address. Replying "please remove me" or "unsubscribe" to a student's
            email has the same effect.
          </li>
          <li>
            <strong>No flooding:</strong> an address receives at most a few first emails from all
            Reachout students together in any 7 days.
          </li>
          <li>
            <strong>Bounces:</strong> an address that bounces permanently is never written to again.
          </li>
        </ul>
        <p>
          We keep the opted-out or bounced address (and nothing else about it) so that the block
          lasts.
        </p>
      </>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: (
      <p>
        Reachout is for students and job seekers aged 16 and over. We do not knowingly collect
        information from anyone younger; if you believe we have, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        If we change this policy we will update the effective date above, and for material changes
        we will email you before they take effect.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions about privacy? Email <EmailLink address="support_email" />.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          Reachout helps students and job seekers find the people who hire and email them from their
          own Gmail account. This policy explains what information we hold about you, how we use it,
          and the choices you have.
        </p>
      }
      sections={SECTIONS}
      sibling={{ to: "/terms", label: "Terms of Service" }}
    />
  );
}
