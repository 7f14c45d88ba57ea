import { randomBytes } from "node:crypto";
import { type SandboxServer, startSandboxServer } from "@reachout/sandbox/serve";
import { eq, sql } from "drizzle-orm";
import { loadConfig } from "../../src/config";
import { emailMessages } from "../../src/db/schema";
import type { MailboxProviderName } from "../../src/integrations/mailbox";
import { newMessageId } from "../../src/modules/emails/compose";
import { enqueueSend } from "../../src/modules/emails/send-job";
import { createRuntime, type Runtime } from "../../src/runtime";
import { seedSender } from "../factories";
import { openTestDatabase } from "../helpers";
import { type ServerProcess, spawnServerProcess, standaloneServerEnv } from "./processes";

const PUBLIC_URL = "http://reachout.test";

/** The mailbox services the fault tests run against: every promise holds for both. */
export const PROVIDERS = ["gmail", "microsoft"] as const satisfies MailboxProviderName[];

/**
 * A PostgreSQL database, a standalone sandbox server (Google and Gmail stand-ins in this test
 * process, so what Gmail received survives any worker being killed) and the environment that
 * makes real server processes use both. The test process keeps its own runtime (no workers)
 * to write rows and enqueue jobs exactly as the app does.
 */
export interface FaultWorld {
  runtime: Runtime;
  sandbox: SandboxServer;
  env: Record<string, string>;
  /** A worker process, once started. */
  startWorker(extra?: Record<string, string>): Promise<ServerProcess>;
  /** A worker process, at once (it may still be starting). */
  spawnWorker(extra?: Record<string, string>): ServerProcess;
  close(): Promise<void>;
}

export async function createFaultWorld(extraEnv: Record<string, string> = {}): Promise<FaultWorld> {
  const sandbox = await startSandboxServer();
  const { database, url, drop } = await openTestDatabase();
  if (!url) throw new Error("fault tests need TEST_DATABASE_URL (PostgreSQL)");
  const env: Record<string, string> = {
    ...standaloneServerEnv({
      databaseUrl: url,
      publicUrl: PUBLIC_URL,
      sandboxEnv: sandbox.appEnv,
      dataDirPrefix: "reachout-faults-",
    }),
    GMAIL_MIN_SPACING_SECONDS: "0",
    ...extraEnv,
  };
  const runtime = await createRuntime(loadConfig({ ...env, RUN_WORKERS: "false" }), {
    database,
    work: false,
  });
  const workers: ServerProcess[] = [];
  const spawnWorker = (extra: Record<string, string> = {}) => {
    const worker = spawnServerProcess({ ...env, RUN_WORKERS: "true", ...extra });
    workers.push(worker);
    return worker;
  };
  return {
    runtime,
    sandbox,
    env,
    spawnWorker,
    async startWorker(extra = {}) {
      const worker = spawnWorker(extra);
      await worker.ready;
      return worker;
    },
    async close() {
      for (const worker of workers) {
        if (worker.child.exitCode === null && worker.child.signalCode === null) {
          worker.child.kill("SIGKILL");
          await worker.exited;
        }
      }
      await runtime.stop();
      await sandbox.close();
      await drop();
    },
  };
}

export interface Sender {
  id: string;
  gmail: string;
}

/** A student ready to send (`seedSender`), unique to this call (`tag`). */
export async function createFaultSender(
  world: FaultWorld,
  options: {
    prefix: string;
    name: string;
    resumeText: string;
    contacts: number;
    provider: MailboxProviderName;
  },
) {
  const tag = randomBytes(4).toString("hex");
  const { user, mailbox, people } = await seedSender(world.runtime, world.sandbox.url, {
    ...options,
    tag,
  });
  return { user, gmail: mailbox, people };
}

/**
 * Senders with a resume and a mailbox (Gmail unless `provider` says), each with `perSender`
 * contacts and one due email each.
 */
export async function createDueEmails(
  world: FaultWorld,
  senders: number,
  perSender: number,
  provider: MailboxProviderName = "gmail",
): Promise<{ senders: Sender[]; emailIds: string[] }> {
  const { deps } = world.runtime;
  const db = deps.database.db;
  const made: Sender[] = [];
  const emailIds: string[] = [];
  for (let s = 0; s < senders; s++) {
    const { user, gmail, people } = await createFaultSender(world, {
      prefix: "sender",
      name: "Fault Tester",
      resumeText: "Fault Tester, Analyst",
      contacts: perSender,
      provider,
    });
    const due = new Date(Date.now() - 1000);
    const rows = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(emailMessages)
        .values(
          people.map((p, i) => ({
            userId: user.id,
            contactId: p.id,
            direction: "outbound" as const,
            status: "scheduled" as const,
            toEmail: p.email,
            fromEmail: gmail,
            subject: `Hello ${i}`,
            body: "Hi, a question about your work.",
            scheduledAt: due,
            rfc822MessageId: newMessageId(PUBLIC_URL),
          })),
        )
        .returning();
      for (const row of inserted) await enqueueSend(deps, row, due, tx);
      return inserted;
    });
    made.push({ id: user.id, gmail });
    emailIds.push(...rows.map((r) => r.id));
  }
  return { senders: made, emailIds };
}

export interface SentMessage {
  message_id: string;
  from: string;
}

/** What Gmail and Outlook received, as one list (each message by its Message-ID). */
export async function sentMessages(world: FaultWorld): Promise<SentMessage[]> {
  const [gmail, outlook] = await Promise.all([
    fetch(`${world.sandbox.url}/__sandbox/gmail/sent.json`).then(
      (r) => r.json() as Promise<SentMessage[]>,
    ),
    fetch(`${world.sandbox.url}/__sandbox/microsoft/sent.json`).then(
      (r) => r.json() as Promise<{ internet_message_id: string; from: string }[]>,
    ),
  ]);
  return [...gmail, ...outlook.map((m) => ({ message_id: m.internet_message_id, from: m.from }))];
}

export async function statusCounts(world: FaultWorld): Promise<Record<string, number>> {
  const rows = await world.runtime.deps.database.db
    .select({ status: emailMessages.status, n: sql<number>`count(*)::int` })
    .from(emailMessages)
    .groupBy(emailMessages.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** Every due row sent, and Gmail holding each of their Message-IDs exactly once. */
export async function deliveryReport(world: FaultWorld, emailIds: string[]) {
  const db = world.runtime.deps.database.db;
  const rows = await db
    .select({
      id: emailMessages.id,
      status: emailMessages.status,
      messageId: emailMessages.rfc822MessageId,
    })
    .from(emailMessages);
  const sent = await sentMessages(world);
  const times = new Map<string, number>();
  for (const m of sent) times.set(m.message_id, (times.get(m.message_id) ?? 0) + 1);
  const ours = rows.filter((r) => emailIds.includes(r.id));
  return {
    rows: ours.length,
    sentRows: ours.filter((r) => r.status === "sent").length,
    stuck: ours.filter((r) => r.status === "sending" || r.status === "unknown").length,
    messages: sent.length,
    duplicates: [...times.values()].filter((n) => n > 1).length,
    missing: ours.filter((r) => !times.has(r.messageId ?? "")).length,
  };
}

export async function emailStatus(world: FaultWorld, id: string) {
  const [row] = await world.runtime.deps.database.db
    .select({ status: emailMessages.status })
    .from(emailMessages)
    .where(eq(emailMessages.id, id));
  return row?.status;
}
