import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { json, stubFetch } from "../../../../test/fetch-stub";
import { renderWithApp } from "../../../../test/render";
import { signIn } from "../../../../test/session";
import { ContactEmailDialog, type EmailContact } from "./contact-email-dialog";

const JORDAN: EmailContact = {
  id: "11111111-1111-4111-8111-111111111111",
  full_name: "Jordan Rivera",
  title: "Campus Recruiter",
  company: "Northbridge",
  email: "jordan@bounce.example",
};

const thread = (email_status: string) =>
  json(200, {
    messages: [],
    subject: "Following up",
    body: "Hi Jordan, following up on my last email.",
    status: "Contacted",
    message_count: 1,
    replied: false,
    email_status,
  });

const person = (id: string, full_name: string, company: string, email_status = "ok") => ({
  id,
  full_name,
  first_name: null,
  last_name: null,
  title: "Recruiter",
  company,
  location: null,
  industry: null,
  education: null,
  university: null,
  interests: [],
  profile_picture_url: null,
  company_size: null,
  revenue_range: null,
  is_hiring: false,
  warm_signals: [],
  has_email: true,
  has_linkedin: false,
  created_at: new Date().toISOString(),
  email_status,
  recent_outreach_count: 0,
});

function routes(emailStatus: string) {
  return stubFetch({
    "/api/emails/thread/": thread(emailStatus),
    "/api/auth/mailbox/status": json(200, {
      provider: "gmail",
      connected: true,
      address: "ada@uni.example",
      unfinished_connection: false,
    }),
    "/api/user/profile_status": json(200, {
      resume_uploaded: true,
      gmail_connected: true,
      university: null,
      graduation_year: null,
      major: null,
    }),
    "/api/global-contacts/all": json(200, {
      contacts: [
        person("22222222-2222-4222-8222-222222222222", "Sam Lee", "Northbridge"),
        person("33333333-3333-4333-8333-333333333333", "Opted Person", "Northbridge", "opted_out"),
        person("44444444-4444-4444-8444-444444444444", "Elsewhere Ed", "Northbridge Capital"),
      ],
      has_more: false,
    }),
  });
}

beforeEach(() => signIn());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it("says first that a bounced address cannot be written to, offers no send action and suggests a colleague", async () => {
  const fetch = routes("bounced");
  renderWithApp(<ContactEmailDialog contact={JORDAN} open onOpenChange={() => {}} />);
  const notice = await screen.findByTestId("suppressed-notice");
  expect(notice.textContent).toContain("You can't email Jordan Rivera through Reachout.");
  expect(notice.textContent).toContain("bounced permanently");
  expect(await within(notice).findByText("Sam Lee")).toBeTruthy();
  expect(within(notice).queryByText("Opted Person")).toBeNull();
  expect(within(notice).queryByText("Elsewhere Ed")).toBeNull();
  expect(
    within(notice).getByRole("link", { name: "Find someone else at Northbridge" }),
  ).toHaveProperty("href", expect.stringContaining("/connect?organization=Northbridge"));
  // The notice comes first, before the conversation.
  const conversation = screen.getByRole("region", { name: "Conversation" });
  expect(
    notice.compareDocumentPosition(conversation) & Node.DOCUMENT_POSITION_FOLLOWING,
  ).toBeTruthy();
  for (const name of ["Send Email", "Schedule", "Send with follow-ups"]) {
    expect(screen.queryByRole("button", { name })).toBeNull();
  }
  expect(screen.queryByRole("textbox", { name: "Body" })).toBeNull();
  expect(fetch.mock.calls.some(([url]) => String(url).startsWith("/api/emails/send/"))).toBe(false);
});

it("offers the send actions for an address anyone may write to", async () => {
  routes("ok");
  renderWithApp(<ContactEmailDialog contact={JORDAN} open onOpenChange={() => {}} />);
  expect(await screen.findByRole("button", { name: "Send Email" })).toBeTruthy();
  expect(screen.queryByTestId("suppressed-notice")).toBeNull();
});
