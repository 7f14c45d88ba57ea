/**
 * npm run bench:push: the time from a reply landing in a student's mailbox to the contact
 * showing Responded, with Gmail push (or, `--provider microsoft`, Outlook's Graph change
 * notifications). Starts the real server (sandbox stand-ins in process, PGlite, workers on),
 * signs students up and connects their mailbox through the consent flow over HTTP, sends each an
 * email, waits for the watch sweep to watch (subscribe) every mailbox, then posts the replies
 * one at a time and polls the contact record until it says Responded. Prints p50/p95.
 *   npx tsx bench/push.ts --students 30 [--provider microsoft]
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildTextPdf } from "../server/src/lib/text-pdf";
import { serverEnv, startAppServer, stopAll } from "./src/processes";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const STUDENTS = arg("students", 30);
const PORT = arg("port", 3320);
const TARGET_P95_MS = 10_000;
const PASSWORD = "bench-push-password";
const PROVIDER = process.argv.includes("microsoft") ? "microsoft" : "gmail";

const base = `http://127.0.0.1:${PORT}`;
const log = (text: string) => console.log(`  ${text}`);

async function call<T>(pathname: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const response = await fetch(`${base}${pathname}`, {
    ...init,
    headers: {
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.headers ?? {}),
    },
  });
  if (!response.ok)
    throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

interface Student {
  token: string;
  mailbox: string;
  contactId: string;
  /** Gmail's thread id, or Graph's conversation id. */
  threadId: string;
}

async function signUp(i: number): Promise<{ token: string; email: string }> {
  const email = `push-bench-${i}-${Date.now()}@uni.example`;
  await call("/api/auth/signup", {
    method: "POST",
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  // The verification email goes out through the outbox worker: wait for it.
  let code: string | undefined;
  for (let tries = 0; !code && tries < 200; tries++) {
    const mail = await call<Array<{ text: string }>>(
      `/__sandbox/mail.json?to=${encodeURIComponent(email)}`,
    );
    code = mail[0]?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await call(`/api/auth/verify-code?email=${encodeURIComponent(email)}&code=${code}`, {
    method: "POST",
  });
  const login = await call<{ access_token: string }>("/api/auth/login", {
    method: "POST",
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return { token: login.access_token, email };
}

/**
 * Starts connecting a mailbox as the signed-in page does: a POST with the bearer header,
 * answered by the consent URL and the flow's cookie for this "browser".
 */
async function startConnection(provider: "google" | "microsoft", token: string) {
  const start = await fetch(`${base}/api/auth/${provider}/start`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: "{}",
  });
  if (!start.ok) throw new Error(`the ${provider} connection start answered ${start.status}`);
  const cookie = (start.headers.get("set-cookie") ?? "").split(";")[0];
  const consent = new URL(((await start.json()) as { url: string }).url);
  return { cookie, consent };
}

/** The Gmail consent flow over HTTP: start → consent page (Allow) → callback with the cookie. */
async function connectGmail(token: string, gmail: string): Promise<void> {
  const { cookie, consent } = await startConnection("google", token);
  const form = new URLSearchParams(consent.searchParams);
  form.set("decision", "allow");
  form.set("email", gmail);
  form.set("name", "Bench Student");
  const allowed = await fetch(`${base}/__sandbox/google/authorize`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    redirect: "manual",
  });
  const callback = await fetch(allowed.headers.get("location") ?? "", {
    headers: { cookie },
    redirect: "manual",
  });
  if (!String(callback.headers.get("location")).includes("gmail=connected")) {
    throw new Error(`Gmail connection failed: ${callback.headers.get("location")}`);
  }
}

/** Connect Outlook over HTTP: start → the Microsoft consent page (Accept) → callback. */
async function connectOutlook(token: string, outlook: string): Promise<void> {
  const { cookie, consent } = await startConnection("microsoft", token);
  const form = new URLSearchParams(consent.searchParams);
  form.set("decision", "accept");
  form.set("email", outlook);
  form.set("name", "Bench Student");
  const accepted = await fetch(`${base}/__sandbox/microsoft/common/oauth2/v2.0/authorize`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    redirect: "manual",
  });
  const callback = await fetch(accepted.headers.get("location") ?? "", {
    headers: { cookie },
    redirect: "manual",
  });
  if (!String(callback.headers.get("location")).includes("outlook=connected")) {
    throw new Error(`Outlook connection failed: ${callback.headers.get("location")}`);
  }
}

async function prepare(i: number): Promise<Student> {
  const { token } = await signUp(i);
  const domain = PROVIDER === "microsoft" ? "outlook.example" : "gmail.example";
  const mailbox = `push-bench-${i}-${Date.now()}@${domain}`;
  if (PROVIDER === "microsoft") await connectOutlook(token, mailbox);
  else await connectGmail(token, mailbox);
  // Every email carries the student's resume.
  const form = new FormData();
  const pdf = buildTextPdf(["Bench Student", "Columbia University, B.A. Economics, 2026"]);
  form.append("resume", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "Resume.pdf");
  const upload = await fetch(`${base}/api/resumes/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!upload.ok) throw new Error(`resume upload answered ${upload.status}`);
  const contact = await call<{ contact_id: string }>("/api/my-network/contacts", {
    method: "POST",
    token,
    body: JSON.stringify({
      full_name: `Priya Nair ${i}`,
      email: `priya.${i}.${Date.now()}@lumen.example`,
      title: "Recruiter",
      company: "Lumen",
    }),
  });
  await call(`/api/emails/send/${contact.contact_id}`, {
    method: "POST",
    token,
    body: JSON.stringify({
      subject: "Analyst roles",
      body: "Hi Priya, may I ask about your team?",
    }),
  });
  const [sent] = await call<Array<{ thread_id?: string; conversation_id?: string }>>(
    `/__sandbox/${PROVIDER}/sent.json?from=${mailbox}`,
  );
  const threadId = sent.thread_id ?? sent.conversation_id ?? "";
  return { token, mailbox, contactId: contact.contact_id, threadId };
}

/** Whether the watch sweep has watched (Gmail) or subscribed (Graph) a mailbox. */
async function isWatched(mailbox: string): Promise<boolean> {
  if (PROVIDER === "microsoft") {
    return (
      (await call<unknown[]>(`/__sandbox/microsoft/subscriptions.json?address=${mailbox}`)).length >
      0
    );
  }
  return (await call<{ watching: boolean }>(`/__sandbox/gmail/watch.json?address=${mailbox}`))
    .watching;
}

/** The contact replies in the student's mailbox. */
async function reply(student: Student): Promise<void> {
  const text = "Happy to chat. Thursday at 2pm?";
  await call(`/__sandbox/${PROVIDER}/reply`, {
    method: "POST",
    body: JSON.stringify(
      PROVIDER === "microsoft"
        ? { conversation_id: student.threadId, text }
        : { thread_id: student.threadId, text },
    ),
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function main() {
  console.log(
    `== reply → Responded with ${PROVIDER === "microsoft" ? "Outlook (Graph change notifications)" : "Gmail push"}: ${STUDENTS} students (load ${os.loadavg()[0].toFixed(2)})`,
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "reachout-bench-push-"));
  // The stand-ins mounted on the app itself (SANDBOX=on, development settings): the students
  // sign up with the emailed code, read from the sandbox mailbox (so no SMTP server).
  const { SMTP_URL: _smtp, ...env } = serverEnv({
    port: PORT,
    database: { dataDir },
    sandboxUrl: `${base}/__sandbox`,
    spacingSeconds: 0,
  });
  await startAppServer({ ...env, NODE_ENV: "development", SANDBOX: "on" }, PORT);
  const students: Student[] = [];
  for (let i = 0; i < STUDENTS; i++) students.push(await prepare(i));
  log(`${students.length} students connected and sent; waiting for the watch sweep`);
  const watchedBy = Date.now() + 90_000;
  for (const student of students) {
    for (;;) {
      if (await isWatched(student.mailbox)) break;
      if (Date.now() > watchedBy) throw new Error(`${student.mailbox} was never watched`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  const latencies: number[] = [];
  for (const student of students) {
    await reply(student);
    const landed = performance.now();
    for (;;) {
      const record = await call<{ status: string }>(
        `/api/my-network/contacts/${student.contactId}`,
        {
          token: student.token,
        },
      );
      if (record.status === "Responded") break;
      if (performance.now() - landed > 60_000) throw new Error("no Responded within 60 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    latencies.push(performance.now() - landed);
  }
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  console.log(
    `  reply → Responded: p50 ${(p50 / 1000).toFixed(2)} s, p95 ${(p95 / 1000).toFixed(2)} s, max ${(Math.max(...latencies) / 1000).toFixed(2)} s over ${latencies.length} replies (target p95 < ${TARGET_P95_MS / 1000} s): ${p95 < TARGET_P95_MS ? "met" : "MISSED"}`,
  );
  console.log(
    `  load average after: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(" / ")}`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
