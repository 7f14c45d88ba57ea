import { LOCAL_KEYS } from "@reachout/contract/constants";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionProvider } from "../../../../lib/use-session";
import { useSetupStatus } from "../../../../lib/use-setup-status";
import { signIn } from "../../../../test/session";
import { BulkEmailDialog } from "./bulk-email-dialog";
import { ContactEmailDialog, type EmailContact } from "./contact-email-dialog";
import { ScheduleEmailDialog } from "./schedule-email-dialog";
import { ScheduledEmailsManager } from "./scheduled-emails-manager";

const GRACE: EmailContact = {
  id: "11111111-1111-4111-8111-111111111111",
  full_name: "Grace Hopper",
  first_name: "Grace",
  title: "VP",
  company: "Harborview Partners",
  email: "grace@bank.example",
};
const ALAN: EmailContact = {
  ...GRACE,
  id: "22222222-2222-4222-8222-222222222222",
  full_name: "Alan Turing",
};
/** The AI writer timed out on her email: the offline writer's answers, labelled so. */
const KATE: EmailContact = {
  ...GRACE,
  id: "33333333-3333-4333-8333-333333333333",
  full_name: "Katherine Johnson",
};

let setup = { resume_uploaded: true, gmail_connected: true };
let provider: "gmail" | "microsoft" = "gmail";
let calls: Array<{ method: string; url: string; body: unknown }> = [];
/** When set, the thread's suggestion answers only once it resolves (a slow network). */
let threadArrives: Promise<void> | null = null;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function answer(method: string, url: string, body: unknown): Response {
  if (url === "/api/auth/mailbox/status") {
    return json({
      provider,
      connected: true,
      address: "ada@uni.example",
      unfinished_connection: false,
    });
  }
  if (url.startsWith("/api/user/profile_status")) {
    return json({
      ...setup,
      full_name: null,
      university: null,
      graduation_year: null,
      major: null,
    });
  }
  if (url.startsWith("/api/user/profile")) return json({}, 500);
  if (url.startsWith("/api/emails/thread/")) {
    return json({
      messages: [],
      subject: "Suggested subject",
      body: "Suggested body",
      status: "Uncontacted",
      message_count: 0,
      replied: false,
      email_status: "ok",
    });
  }
  if (url === "/api/emails/generate/stream") {
    const { email_format: format } = body as { email_format: string };
    const done = {
      subject: "Generated",
      body: "Hi Grace, streamed words",
      format_used: format === "referral" ? "referral" : "playful",
      writer: "offline",
      written_as:
        "Ada Lovelace · Mathematics student at the University of London (2027) · asking for a Summer 2027 internship",
      ...(format === "referral" ? { fallback_reason: "timeout", sender_name_missing: true } : {}),
    };
    const events = [
      `event: delta\ndata: ${JSON.stringify({ field: "subject", text: "Generated" })}\n\n`,
      `event: delta\ndata: ${JSON.stringify({ field: "body", text: "Hi Grace, " })}\n\n`,
      `event: delta\ndata: ${JSON.stringify({ field: "body", text: "streamed words" })}\n\n`,
      `event: done\ndata: ${JSON.stringify(done)}\n\n`,
    ];
    return new Response(events.join(""), {
      status: 200,
      headers: { "content-type": "text/event-stream" },
    });
  }
  if (url === "/api/profile") {
    return json({
      full_name: (body as { full_name: string }).full_name,
      university: null,
      graduation_year: null,
      major: null,
    });
  }
  if (url === "/api/emails/generate") {
    const { contact_id: id } = body as { contact_id: string };
    if (id === ALAN.id) return json({ detail: "Contact not found" }, 404);
    if (id === KATE.id) {
      return json({
        subject: "Generated",
        body: "Hi Katherine",
        format_used: "playful",
        writer: "offline",
        fallback_reason: "timeout",
      });
    }
    return json({
      subject: "Generated",
      body: "Hi there",
      format_used: "playful",
      writer: "offline",
    });
  }
  if (url.startsWith("/api/emails/send/")) {
    if (url.endsWith(ALAN.id)) return json({ detail: "Gmail is rate-limiting your account" }, 429);
    return json({
      id: "e1",
      status: "sent",
      message: "Sent email to Grace Hopper @ Harborview Partners",
      sent_at: new Date().toISOString(),
      contact_status: "Contacted",
      message_count: 1,
    });
  }
  if (url === "/api/emails/bulk") {
    const { emails } = body as { emails: Array<{ contact_id: string }> };
    return json({
      queued: emails.map((e, i) => ({
        contact_id: e.contact_id,
        email_id: `bulk-${i}`,
        leaves_at: new Date(Date.now() + i * 20_000).toISOString(),
      })),
      refused: [],
      from_email: "ada@uni.example",
      spacing_seconds: 20,
      message: `Queued ${emails.length} emails from ada@uni.example, one every 20 seconds.`,
    });
  }
  if (url.startsWith("/api/emails/scheduled/") && method === "PUT") {
    return json({ ...WAITING, status: "cancelled" });
  }
  if (url.startsWith("/api/emails/scheduled")) {
    // A bulk email on the line has left by the time the dialog looks.
    const bulk = calls.some((c) => c.url === "/api/emails/bulk");
    const left = { ...WAITING, id: "bulk-0", status: "sent", sent_at: new Date().toISOString() };
    return json({ scheduled_emails: bulk ? [WAITING, left] : [WAITING] });
  }
  return json({ detail: `unexpected ${method} ${url}` }, 500);
}

const WAITING = {
  id: "33333333-3333-4333-8333-333333333333",
  status: "scheduled",
  scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
  sent_at: null,
  subject: "Coffee next week?",
  body: "Hi Grace",
  error: null,
  contact_id: GRACE.id,
  contacts: { full_name: "Grace Hopper", company: "Harborview Partners" },
};

beforeEach(() => {
  setup = { resume_uploaded: true, gmail_connected: true };
  provider = "gmail";
  calls = [];
  threadArrives = null;
  signIn();
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (threadArrives && url.startsWith("/api/emails/thread/")) await threadArrives;
    return answer(method, url, body);
  });
});
afterEach(async () => {
  // Unmount first and let in-flight requests land on the mock, then restore the real fetch.
  cleanup();
  await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  vi.restoreAllMocks();
});

/** The query client of the test's render. */
let client: QueryClient;

function wrap(children: ReactNode) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <MemoryRouter>{children}</MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

/**
 * Says when the setup status has reached the page: the observers of one query are told of its
 * answer together, so the dialog has it too.
 */
function SetupKnown() {
  return useSetupStatus().data ? <span>setup known</span> : null;
}

describe("ContactEmailDialog", () => {
  it("prefers the local draft over the suggested one, then sends it and clears the draft", async () => {
    const key = `${LOCAL_KEYS.draftPrefix}${GRACE.id}`;
    localStorage.setItem(key, JSON.stringify({ subject: "My draft", body: "My words" }));
    wrap(<ContactEmailDialog contact={GRACE} open onOpenChange={() => {}} />);
    const subject = await screen.findByLabelText("Subject");
    await waitFor(() =>
      expect(calls.some((c) => c.url.startsWith("/api/emails/thread/"))).toBe(true),
    );
    expect((subject as HTMLInputElement).value).toBe("My draft");
    expect((screen.getByLabelText("Body") as HTMLTextAreaElement).value).toBe("My words");

    fireEvent.change(screen.getByLabelText("Body"), { target: { value: "Edited words" } });
    expect(JSON.parse(localStorage.getItem(key) ?? "{}").body).toBe("Edited words");
    fireEvent.click(screen.getByRole("button", { name: "Send Email" }));
    await waitFor(() => expect(localStorage.getItem(key)).toBeNull());
    const send = calls.find((c) => c.url.startsWith("/api/emails/send/"));
    expect(send?.body).toEqual({ subject: "My draft", body: "Edited words", email_format: null });
  });

  it("keeps what the student typed and what they generated when the suggestion arrives late", async () => {
    let arrive = () => {};
    threadArrives = new Promise((resolve) => {
      arrive = resolve;
    });
    wrap(<ContactEmailDialog contact={GRACE} open onOpenChange={() => {}} />);
    const subject = (await screen.findByLabelText("Subject")) as HTMLInputElement;
    fireEvent.change(subject, { target: { value: "My own subject" } });
    // An edited draft is replaced only when the student confirms.
    // jsdom has no window.confirm: the test gives it one that answers as the student would.
    const confirm = vi.fn().mockReturnValueOnce(false);
    window.confirm = confirm;
    fireEvent.click(screen.getByRole("button", { name: /Precision Email/ }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(subject.value).toBe("My own subject");
    confirm.mockReturnValueOnce(true);
    fireEvent.click(screen.getByRole("button", { name: /Precision Email/ }));
    await waitFor(() => expect(screen.getByTestId("generated-info")).toBeTruthy());
    arrive();
    // The thread has reached the dialog: its status badge shows.
    await screen.findByText("Uncontacted");
    expect(subject.value).toBe("Generated");
    expect(screen.getByTestId("generated-info").textContent).toContain("Showing: Precision email");
  });

  it("fills the thread's suggestion when there is no draft, and writes a precision email on demand", async () => {
    wrap(<ContactEmailDialog contact={GRACE} open onOpenChange={() => {}} />);
    await waitFor(() =>
      expect((screen.getByLabelText("Subject") as HTMLInputElement).value).toBe(
        "Suggested subject",
      ),
    );
    fireEvent.click(screen.getByRole("button", { name: /Precision Email/ }));
    await waitFor(() =>
      expect((screen.getByLabelText("Subject") as HTMLInputElement).value).toBe("Generated"),
    );
    expect(calls.find((c) => c.url === "/api/emails/generate/stream")?.body).toMatchObject({
      contact_id: GRACE.id,
      email_format: "precision",
    });
    expect((screen.getByLabelText("Body") as HTMLTextAreaElement).value).toBe(
      "Hi Grace, streamed words",
    );
    expect(screen.getByTestId("generated-info").textContent).toContain("Showing: Precision email");
    // What the draft says the student is and asks for, and where to correct a misreading.
    expect(screen.getByTestId("written-as").textContent).toContain(
      "Written as: Ada Lovelace · Mathematics student at the University of London (2027) · asking for a Summer 2027 internship.",
    );
    expect(
      screen
        .getByRole("link", { name: "Not right? Correct it on your Account page" })
        .getAttribute("href"),
    ).toBe("/account");
  });

  it("offers the message types in a menu, says when the offline writer stood in, and asks for the name", async () => {
    wrap(<ContactEmailDialog contact={GRACE} open onOpenChange={() => {}} />);
    fireEvent.change(await screen.findByLabelText("More message types"), {
      target: { value: "referral" },
    });
    const info = await screen.findByTestId("generated-info");
    expect(info.textContent).toContain("Showing: Referral request email");
    expect(info.textContent).toContain("The AI writer took too long");
    fireEvent.change(screen.getByLabelText(/What's your full name/), {
      target: { value: "Ada Lovelace" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save name" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/profile")?.body).toEqual({
        full_name: "Ada Lovelace",
      }),
    );
    // Saving the name writes the email again, signed with it.
    await waitFor(() =>
      expect(calls.filter((c) => c.url === "/api/emails/generate/stream")).toHaveLength(2),
    );
  });

  it("asks to complete the setup instead of writing when the resume is missing", async () => {
    setup = { resume_uploaded: false, gmail_connected: true };
    wrap(
      <>
        <ContactEmailDialog contact={GRACE} open onOpenChange={() => {}} />
        <SetupKnown />
      </>,
    );
    await screen.findByText("setup known");
    fireEvent.click(screen.getByRole("button", { name: /Personalize Email/ }));
    expect(await screen.findByRole("dialog", { name: "Complete Your Setup" })).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith("/api/emails/generate"))).toBe(false);
  });
});

describe("BulkEmailDialog", () => {
  it("says No contacts selected when nothing usable was selected", () => {
    wrap(<BulkEmailDialog open onOpenChange={() => {}} contacts={[{ id: "", full_name: "" }]} />);
    expect(screen.getByText("No contacts selected")).toBeTruthy();
  });

  it("blocks sending until every contact has an email, then reports sent and failed", async () => {
    wrap(<BulkEmailDialog open onOpenChange={() => {}} contacts={[GRACE, ALAN]} />);
    fireEvent.click(screen.getByRole("button", { name: /Send All/ }));
    expect(screen.getByRole("alert").textContent).toBe(
      "2 contact(s) are missing a generated email or have errors. Please generate emails for all contacts before sending.",
    );

    fireEvent.click(screen.getByRole("button", { name: /Generate Emails/ }));
    await screen.findByText("Contact not found");
    fireEvent.click(screen.getByRole("button", { name: /Send All/ }));
    expect(screen.getByRole("alert").textContent).toMatch(/^1 contact\(s\) are missing/);
    expect(calls.some((c) => c.url.startsWith("/api/emails/send/"))).toBe(false);
  });

  it("says which drafts Reachout's own writer stood in for, and why, as the single dialog does", async () => {
    wrap(<BulkEmailDialog open onOpenChange={() => {}} contacts={[GRACE, KATE]} />);
    fireEvent.click(screen.getByRole("button", { name: /Generate Emails/ }));
    await waitFor(() => expect(screen.getAllByText("Ready")).toHaveLength(2));
    const [grace, kate] = screen.getAllByTestId("bulk-item");
    expect(within(grace).queryByTestId("bulk-item-fallback")).toBeNull();
    expect(within(kate).getByTestId("bulk-item-fallback").textContent).toBe(
      "The AI writer took too long, so Reachout's own writer drafted this email.",
    );
    expect(
      screen.getByText(
        "1 of 2 drafts were written by Reachout's own writer because the AI writer failed. Each one below says why.",
      ),
    ).toBeTruthy();
  });

  it("names the student's Outlook, not Gmail, when asking to confirm the send", async () => {
    provider = "microsoft";
    wrap(<BulkEmailDialog open onOpenChange={() => {}} contacts={[GRACE]} />);
    fireEvent.click(screen.getByRole("button", { name: /Generate Emails/ }));
    await screen.findByText("Ready");
    await waitFor(() => expect(calls.some((c) => c.url === "/api/auth/mailbox/status")).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: /Send All/ }));
    const confirm = screen.getByRole("group", { name: "Confirm sending" });
    await waitFor(() =>
      expect(confirm.textContent).toContain("Send 1 email now from your Outlook?"),
    );
  });

  it("puts the ready emails on the mailbox's line in one request, then watches them leave", async () => {
    wrap(<BulkEmailDialog open onOpenChange={() => {}} contacts={[GRACE]} />);
    fireEvent.click(screen.getByRole("button", { name: /Generate Emails/ }));
    await screen.findByText("Ready");
    fireEvent.click(screen.getByRole("button", { name: /Send All/ }));
    // Nothing leaves before the user confirms the number.
    const confirm = screen.getByRole("group", { name: "Confirm sending" });
    expect(confirm.textContent).toContain("Send 1 email now from your Gmail?");
    expect(calls.some((c) => c.url === "/api/emails/bulk")).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: "Back" }));
    expect(screen.queryByRole("group", { name: "Confirm sending" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /Send All/ }));
    fireEvent.click(screen.getByRole("button", { name: "Send 1 Email" }));
    expect(await screen.findByText("Sent 1 emails, 0 failed")).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/emails/bulk")?.body).toEqual({
      emails: [
        {
          contact_id: GRACE.id,
          subject: "Generated",
          body: "Hi there",
          email_format: "original",
        },
      ],
      scheduled_at: null,
    });
    expect(calls.some((c) => c.url.startsWith("/api/emails/send/"))).toBe(false);
    const line = screen.getByRole("region", { name: "When each email leaves" });
    expect(within(line).getByText(/Grace Hopper/)).toBeTruthy();
    expect(line.textContent).toContain("Sent at");
  });
});

describe("ScheduledEmailsManager", () => {
  it("asks before cancelling a scheduled email", async () => {
    wrap(<ScheduledEmailsManager open onOpenChange={() => {}} />);
    fireEvent.click(
      await screen.findByRole("button", { name: "Cancel the email to Grace Hopper" }),
    );
    const confirm = screen.getByRole("group", {
      name: "Confirm cancelling the email to Grace Hopper",
    });
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: "Keep It" }));
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Cancel the email to Grace Hopper" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel Email" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")).toMatchObject({
        url: `/api/emails/scheduled/${WAITING.id}`,
        body: { status: "cancelled" },
      }),
    );
  });
});

describe("ScheduleEmailDialog", () => {
  it("requires a time before scheduling", async () => {
    const onSchedule = vi.fn();
    wrap(
      <ScheduleEmailDialog
        open
        onOpenChange={() => {}}
        to="Grace"
        subject="S"
        body="B"
        onSchedule={onSchedule}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: /Schedule Email/ }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please select a scheduled time");
    expect(onSchedule).not.toHaveBeenCalled();
  });
});
