import { LOCAL_KEYS } from "@reachout/contract/constants";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { json, stubFetch } from "../../../test/fetch-stub";
import { renderWithApp } from "../../../test/render";
import { signIn, stubLocation } from "../../../test/session";
import AccountPage from "./account-page";

const USER = {
  user_id: "7d1e3c59-0d0e-4c57-9a53-5d1b8d1c2f10",
  email: "ada@uni.example",
  profile_picture: null,
  name: "Ada",
  plan: "gold",
  credits: 42,
  created_at: "2025-01-15T10:00:00.000Z",
  is_admin: false,
};

interface Answers {
  status: Record<string, unknown>;
  billing: Record<string, unknown>;
  history?: Record<string, unknown>;
  facts?: Record<string, unknown>;
}

let fetchSpy: MockInstance<typeof fetch>;
function answer({ status, billing, history, facts }: Answers) {
  fetchSpy = stubFetch({
    "/api/resumes/facts": json(200, {
      facts: facts ?? null,
      corrected: false,
      parsed_at: facts ? "2025-01-01T00:00:00Z" : null,
    }),
    "/api/user/profile_status": json(200, status),
    "/api/user/profile": json(200, USER),
    "/api/billinginfo": json(200, billing),
    "/api/resumes/latest": json(200, {
      resume_url: "/api/resumes/r/file?expires=1&sig=s",
      filename: "Ada CV.pdf",
      uploaded_at: "2025-01-01T00:00:00Z",
    }),
    "/api/auth/gmail/status": json(200, { connected: Boolean(status.gmail_connected) }),
    "/api/credits/history": json(200, history ?? { entries: [], total: 0 }),
  });
}

beforeEach(() => {
  fetchSpy = stubFetch();
  signIn({ id: USER.user_id, email: USER.email });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderPage(path = "/account") {
  renderWithApp(<AccountPage />, { path });
}

const NEW_USER_STATUS = {
  resume_uploaded: false,
  gmail_connected: false,
  full_name: null,
  university: null,
  graduation_year: null,
  major: null,
};
const FREE_BILLING = {
  plan: "free",
  user_credits: 5,
  current_period_start: null,
  current_period_end: null,
  days_remaining: null,
  cancel_at_period_end: false,
  cancel_url: null,
};

describe("AccountPage", () => {
  it("asks a logged-out visitor to log in", () => {
    localStorage.clear();
    fetchSpy.mockResolvedValue(json(401, {}));
    renderPage();
    expect(screen.getByText("Please log in to view your account")).toBeTruthy();
  });

  it("shows Pending rows with Upload Resume and Connect Gmail for a new user", async () => {
    answer({ status: NEW_USER_STATUS, billing: FREE_BILLING });
    renderPage();
    expect(screen.getByRole("status")).toBeTruthy();
    const resume = await screen.findByTestId("setup-resume");
    expect(within(resume).getByText("Pending")).toBeTruthy();
    expect(within(resume).getByRole("button", { name: "Upload Resume" })).toBeTruthy();
    const gmail = screen.getByTestId("setup-gmail");
    expect(within(gmail).getByText("Pending")).toBeTruthy();
    // The row offers Gmail and Outlook, so it is titled by what it is: the mailbox.
    expect(within(gmail).getByText("Mailbox", { exact: true })).toBeTruthy();
    expect(within(gmail).queryByText("Gmail", { exact: true })).toBeNull();
    expect(within(gmail).getByRole("button", { name: "Connect Gmail" })).toBeTruthy();
    expect(within(gmail).getByRole("button", { name: "Connect Outlook" })).toBeTruthy();
    // Without a mailbox, Sending health says so instead of "Loading..." for ever.
    const health = screen.getByRole("region", { name: "Sending health" });
    expect(within(health).getByText("Connect Gmail or Outlook to start sending.")).toBeTruthy();
    expect(within(health).queryByText("Loading...")).toBeNull();
    expect(await screen.findByTestId("plan-name")).toHaveProperty("textContent", "Free");
    expect(screen.queryByRole("button", { name: /Cancel Subscription/ })).toBeNull();
    expect(screen.queryByText("Billing cycle")).toBeNull();
  });

  it("shows Complete rows, the paid plan's cycle, progress and Cancel Subscription", async () => {
    answer({
      status: {
        ...NEW_USER_STATUS,
        resume_uploaded: true,
        gmail_connected: true,
        full_name: "Ada Lovelace",
        university: "Cornell University",
      },
      billing: {
        plan: "gold",
        user_credits: 42,
        current_period_start: "2025-06-01T00:00:00.000Z",
        current_period_end: "2025-07-01T00:00:00.000Z",
        days_remaining: 12,
        cancel_at_period_end: false,
        cancel_url: "https://billing.example/portal/123",
      },
    });
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    renderPage();
    const resume = await screen.findByTestId("setup-resume");
    expect(within(resume).getByText("Complete")).toBeTruthy();
    expect(within(resume).getByRole("button", { name: "Update Resume" })).toBeTruthy();
    expect(await within(resume).findByText("Ada CV.pdf")).toBeTruthy();
    const mailbox = screen.getByTestId("setup-gmail");
    expect(within(mailbox).getByRole("button", { name: "Reconnect Gmail" })).toBeTruthy();
    expect(await within(mailbox).findByText("Mailbox: Gmail", { exact: true })).toBeTruthy();
    expect(await screen.findByText("Billing cycle")).toBeTruthy();
    expect(screen.getByText("12")).toBeTruthy();
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("60");
    expect(screen.getByTestId("account-summary").textContent).toContain("42 credits");
    expect(screen.getByTestId("account-summary").textContent).toContain("Gold plan");
    expect(screen.getByRole("link", { name: "Buy More Credits" }).getAttribute("href")).toBe(
      "/pricing",
    );
    fireEvent.click(screen.getByRole("button", { name: /Cancel Subscription/ }));
    expect(open).toHaveBeenCalledWith(
      "https://billing.example/portal/123",
      "_blank",
      "noopener,noreferrer",
    );
    open.mockRestore();
  });

  it("shows the resume's school, year and major where the profile has none, saying so", async () => {
    answer({
      status: { ...NEW_USER_STATUS, resume_uploaded: true, university: "Purdue University" },
      billing: FREE_BILLING,
      facts: {
        name: "Ada Lovelace",
        contact_line: null,
        location: null,
        education: [
          {
            school: "Purdue University",
            degree: "Bachelor of Science",
            major: "Mechanical Engineering",
            class_year: 2027,
            gpa: null,
          },
        ],
        experiences: [],
        projects: [],
        leadership: [],
        skills: [],
        interests: [],
      },
    });
    renderPage();
    const profile = await screen.findByTestId("profile-settings");
    expect(within(profile).getByText("Purdue University")).toBeTruthy();
    expect(await within(profile).findByText("2027 (from your resume)")).toBeTruthy();
    expect(within(profile).getByText("Mechanical Engineering (from your resume)")).toBeTruthy();
  });

  it("opens the usage history with the ledger entries", async () => {
    answer({
      status: NEW_USER_STATUS,
      billing: FREE_BILLING,
      history: {
        entries: [
          {
            id: "1",
            delta: -1,
            balance_after: 4,
            reason: "contact_save",
            description: null,
            created_at: "2025-06-02T00:00:00Z",
          },
          {
            id: "2",
            delta: 5,
            balance_after: 5,
            reason: "signup_grant",
            description: null,
            created_at: "2025-06-01T00:00:00Z",
          },
        ],
        total: 2,
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: /View Usage History/ }));
    const list = await screen.findByRole("list", { name: "Credit activity" });
    expect(within(list).getByText("Contact saved")).toBeTruthy();
    expect(within(list).getByText("-1")).toBeTruthy();
    expect(within(list).getByText("Welcome credits")).toBeTruthy();
    expect(within(list).getByText("+5")).toBeTruthy();
  });

  it("saves the Edit Profile fields with PATCH /api/profile and closes the dialog", async () => {
    answer({ status: NEW_USER_STATUS, billing: FREE_BILLING });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: /Edit Profile/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("University"), {
      target: { value: "Cornell University" },
    });
    fireEvent.change(within(dialog).getByLabelText("Graduation Year"), {
      target: { value: "2026" },
    });
    fireEvent.change(within(dialog).getByLabelText("Major"), { target: { value: "Economics" } });
    fetchSpy.mockImplementationOnce(async () =>
      json(200, {
        full_name: "Ada Lovelace",
        university: "Cornell University",
        graduation_year: 2026,
        major: "Economics",
      }),
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const patch = fetchSpy.mock.calls.find(([, init]) => (init as RequestInit)?.method === "PATCH");
    expect(patch).toBeDefined();
    const [url, init] = patch as [string, RequestInit];
    expect(url).toBe("/api/profile");
    expect(JSON.parse(String(init.body))).toEqual({
      // The Name field (left empty here) goes with the other fields.
      full_name: "",
      university: "Cornell University",
      graduation_year: 2026,
      major: "Economics",
    });
  });

  it("back from Google with Gmail connected, clears gmail_connecting and reloads once", async () => {
    localStorage.setItem(LOCAL_KEYS.gmailConnecting, "true");
    const replace = vi.fn();
    stubLocation({ replace });
    answer({ status: { ...NEW_USER_STATUS, gmail_connected: true }, billing: FREE_BILLING });
    renderPage("/account?gmail=connected");
    await vi.waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem(LOCAL_KEYS.gmailConnecting)).toBeNull();
  });

  it("keeps the flag and does not reload while Gmail is still not connected", async () => {
    localStorage.setItem(LOCAL_KEYS.gmailConnecting, "true");
    const replace = vi.fn();
    stubLocation({ replace });
    answer({ status: NEW_USER_STATUS, billing: FREE_BILLING });
    renderPage();
    await screen.findByTestId("setup-gmail");
    await vi.waitFor(() =>
      expect(
        fetchSpy.mock.calls.some(([url]) => String(url).includes("/api/auth/gmail/status")),
      ).toBe(true),
    );
    expect(replace).not.toHaveBeenCalled();
    expect(localStorage.getItem(LOCAL_KEYS.gmailConnecting)).toBe("true");
  });

  it("a refused Gmail grant clears the flag and keeps the row Pending", async () => {
    localStorage.setItem(LOCAL_KEYS.gmailConnecting, "true");
    answer({ status: NEW_USER_STATUS, billing: FREE_BILLING });
    renderPage("/account?gmail=error&message=Gmail%20connection%20was%20cancelled.");
    const gmail = await screen.findByTestId("setup-gmail");
    expect(within(gmail).getByText("Pending")).toBeTruthy();
    expect(localStorage.getItem(LOCAL_KEYS.gmailConnecting)).toBeNull();
  });
});
