import {
  type APIRequestContext,
  type APIResponse,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { buildTextPdf } from "../../server/src/lib/text-pdf";

let counter = 0;
/** A fresh address for each test, at a reserved domain. */
export const uniqueEmail = (prefix = "student") =>
  `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@uni.example`;

/**
 * The newest system email to an address, from the sandbox mailbox. System email goes through
 * the outbox (a job the server's worker sends within about a second): wait for it to arrive.
 */
export async function latestMail(request: APIRequestContext, to: string) {
  let messages: Array<{ subject: string; text: string }> = [];
  await expect
    .poll(
      async () => {
        const response = await request.get(`/__sandbox/mail.json?to=${encodeURIComponent(to)}`);
        messages = await response.json();
        return messages.length;
      },
      { message: `a system email to ${to}`, timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  return messages[0];
}

export async function setViewport(page: Page, width: number, height = 900) {
  await page.setViewportSize({ width, height });
}

export const PASSWORD = "a sturdy password";
/** In ADMIN_EMAILS of the e2e server (start-server.mjs). */
export const ADMIN = { email: "admin@reachout.example", password: "an admin e2e password" };

export interface Session {
  email: string;
  id: string;
  token: string;
  auth: Record<string, string>;
}

/** Seeded in sandbox mode: resume uploaded, Gmail connected, a named student, a few contacts. */
export const DEMO = { email: "demo@reachout.example", password: "reachout-demo" };

/** Logs the seeded demo student in through the API. */
export async function logInDemo(request: APIRequestContext): Promise<Session> {
  const login = await request.post("/api/auth/login", { data: DEMO });
  expect(login.ok()).toBe(true);
  const { access_token: token, user_id: id } = await login.json();
  return { email: DEMO.email, token, id, auth: { authorization: `Bearer ${token}` } };
}

/** A message a sandbox Gmail mailbox sent. */
export interface SentMessage {
  id: string;
  thread_id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments: string[];
  sent_at: string;
}

/** What the sandbox Gmail mailboxes sent (in the sandbox's order), or only what went to `to`. */
export async function sandboxGmailSent(
  request: APIRequestContext,
  to?: string,
): Promise<SentMessage[]> {
  const all = (await (await request.get("/__sandbox/gmail/sent.json")).json()) as SentMessage[];
  return to === undefined ? all : all.filter((m) => m.to === to.toLowerCase());
}

/**
 * Saves the first `count` people with an email address of the directory's first page into the
 * student's network; answers each save's response.
 */
export async function saveFromDirectory(
  request: APIRequestContext,
  student: Session,
  count: number,
): Promise<APIResponse[]> {
  const listed = await request.get("/api/global-contacts/all?limit=50&offset=0", {
    headers: student.auth,
  });
  const { contacts } = (await listed.json()) as {
    contacts: Array<{ id: string; has_email: boolean }>;
  };
  const saves: APIResponse[] = [];
  for (const contact of contacts.filter((c) => c.has_email).slice(0, count)) {
    saves.push(
      await request.post("/api/global-contacts/save", {
        headers: student.auth,
        data: { contact_id: contact.id },
      }),
    );
  }
  return saves;
}

/** A person of the student's network, as `/api/my-network/mine/all` lists them. */
export interface NetworkPerson {
  id: string;
  full_name: string;
  company: string | null;
  email: string | null;
}

/** The student's whole network. */
export async function listNetwork(
  request: APIRequestContext,
  student: Session,
): Promise<NetworkPerson[]> {
  const mine = await request.get("/api/my-network/mine/all", { headers: student.auth });
  return ((await mine.json()) as { data: NetworkPerson[] }).data;
}

/**
 * How many pixels an input has to spare beside its whole placeholder (negative: the placeholder
 * is cut off), measured with the placeholder's own font and letter spacing.
 */
export async function placeholderRoom(input: Locator): Promise<number> {
  return input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element);
    const placeholder = getComputedStyle(element, "::placeholder");
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${placeholder.fontWeight} ${placeholder.fontSize} ${placeholder.fontFamily}`;
    const spacing = Number.parseFloat(placeholder.letterSpacing) || 0;
    const text =
      context.measureText(element.placeholder).width + spacing * element.placeholder.length;
    const inner =
      element.clientWidth -
      Number.parseFloat(style.paddingLeft) -
      Number.parseFloat(style.paddingRight);
    return inner - text;
  });
}

/** Signs up through the API (unless the address exists), verifies with the mailed code, logs in. */
export async function signUp(
  request: APIRequestContext,
  email: string,
  password = PASSWORD,
): Promise<Session> {
  const signup = await request.post("/api/auth/signup", { data: { email, password } });
  if (signup.ok()) {
    const code = (await latestMail(request, email)).text.match(/\b(\d{6})\b/)?.[1] ?? "";
    const query = `email=${encodeURIComponent(email)}&code=${code}`;
    expect((await request.post(`/api/auth/verify-code?${query}`)).ok()).toBe(true);
  }
  const login = await request.post("/api/auth/login", { data: { email, password } });
  expect(login.ok(), `log-in of ${email}`).toBe(true);
  const { access_token: token, user_id: id } = await login.json();
  return { email, id, token, auth: { authorization: `Bearer ${token}` } };
}

/** Signs up a fresh student through the API, then logs in on the /login page as a person would. */
export async function signUpAndLogIn(
  page: Page,
  request: APIRequestContext,
  prefix: string,
): Promise<Session> {
  const user = await signUp(request, uniqueEmail(prefix));
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/my-network$/);
  return user;
}

/** Stores the session in this page's local storage, as the app does after log-in, then opens path. */
export async function openAs(page: Page, user: Session, path: string) {
  await page.goto("/privacy");
  await page.evaluate(
    ([token, stored]) => {
      localStorage.setItem("token", token);
      localStorage.setItem("user", stored);
    },
    [user.token, JSON.stringify({ id: user.id, email: user.email })],
  );
  await page.goto(path);
}

/**
 * Starts connecting a mailbox as the signed-in page does (issue 32): a POST with the bearer
 * header from the page, which sets the flow's cookie in this browser and answers the
 * provider's consent page; the page then goes there.
 */
export async function startMailboxConnection(
  page: Page,
  user: Session,
  provider: "google" | "microsoft",
) {
  await openAs(page, user, "/privacy");
  const url = await page.evaluate(
    async ([which, token]) => {
      const response = await fetch(`/api/auth/${which}/start`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: "{}",
      });
      if (!response.ok) throw new Error(`the connection start answered ${response.status}`);
      return ((await response.json()) as { url: string }).url;
    },
    [provider, user.token],
  );
  await page.goto(url);
}

/** Uploads a one-page PDF resume of these lines for the student, through the API. */
export async function uploadResume(
  request: APIRequestContext,
  student: Session,
  lines: string[],
  filename = "Resume.pdf",
): Promise<void> {
  const upload = await request.post("/api/resumes/upload", {
    headers: student.auth,
    multipart: {
      resume: { name: filename, mimeType: "application/pdf", buffer: buildTextPdf(lines) },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
}

/** A person the student adds to My Network themselves (own contact). */
export interface OwnContact {
  full_name: string;
  email: string;
  title: string;
  company: string;
}

/** Adds an own contact through the API; answers its contact id. */
export async function addOwnContact(
  request: APIRequestContext,
  student: Session,
  person: OwnContact,
): Promise<string> {
  const added = await request.post("/api/my-network/contacts", {
    headers: student.auth,
    data: person,
  });
  expect(added.status(), await added.text()).toBe(201);
  return ((await added.json()) as { contact_id: string }).contact_id;
}

/**
 * Creates, on /sequences, a sequence of two follow-ups one wait minute apart (a "minute" lasts
 * 10 s in e2e: SEQUENCE_MINUTE_SECONDS), and waits for its card.
 */
export async function createQuickSequence(page: Page, name: string) {
  await page.getByRole("button", { name: "New sequence" }).click();
  const form = page.getByRole("form", { name: "New sequence" });
  await form.getByLabel("Name").fill(name);
  for (const step of [1, 2]) {
    await form.getByLabel(`Follow-up ${step} wait`, { exact: true }).fill("1");
    await form.getByLabel(`Follow-up ${step} wait unit`).selectOption("minutes");
  }
  await form.getByRole("button", { name: "Create sequence" }).click();
  await expect(page.getByRole("region", { name, exact: true })).toBeVisible();
}

/**
 * Picks a draggable up with the keyboard and waits until its arrow keys are heard. dnd-kit's
 * keyboard sensor adds its keydown listener in a 0 ms timer after the pick-up, and Chromium runs
 * input before timers: an arrow pressed at machine speed on a busy page reached no listener. A
 * 0 ms timer queued now runs after the sensor's (timers of equal delay run in order), so once it
 * has fired the listener is there. A person's next key comes far later than either.
 */
export async function pickUpWithKeyboard(page: Page) {
  await page.keyboard.press("Space");
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
