/**
 * Dispatch of scheduled emails: `mailboxes` users each schedule `emails / mailboxes` emails for
 * the same moment (the real scheduleEmail: row and pg-boss job in one transaction), then the
 * server's workers send them through the sandbox Gmail. Measures time from due to sent and
 * checks every mailbox's spacing on Gmail's side.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { Config } from "../../server/src/config";
import { type Database, rowsOf } from "../../server/src/db/client";
import { emailMessages, users } from "../../server/src/db/schema";
import type { AppDeps } from "../../server/src/deps";
import { scheduleEmail } from "../../server/src/modules/emails/send";
import { connectGmail, eachLimited } from "./conversations";
import type { SandboxGmail } from "./sandbox-gmail";
import { addResumes, type BenchUser } from "./seed-data";

export interface DispatchReport {
  emails: number;
  mailboxes: number;
  spacingSeconds: number;
  scheduledAt: string;
  /** Emails Gmail accepted from the senders since the due time (a duplicate counts twice). */
  sent: number;
  /** Distinct Message-IDs among them, and the rows marked sent: equal to sent when none went twice. */
  distinctMessageIds: number;
  rowsSent: number;
  notSent: Record<string, number>;
  /** Seconds from the scheduled time to Gmail's acceptance. */
  latenessP50: number;
  latenessP95: number;
  latenessMax: number;
  /** Seconds past the earliest moment spacing allowed (max(due, previous send + spacing)). */
  queueingP95: number;
  queueingMax: number;
  minGapSeconds: number;
  spacingViolations: number;
  /** The unavoidable part: (emails per mailbox - 1) x spacing. */
  floorSeconds: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** Each sender's recipients: people at the far end of the id order, away from other saves. */
async function saveRecipients(database: Database, userId: string, offset: number, count: number) {
  const rows = rowsOf<{ contact_id: string }>(
    await database.db.execute(sql`
      insert into user_contacts (user_id, contact_id)
      select ${userId}, id from contacts
      where email is not null and is_student = false
      order by id desc offset ${offset} limit ${count}
      on conflict do nothing
      returning contact_id`),
  );
  return rows.map((row) => row.contact_id);
}

export async function runDispatch(options: {
  database: Database;
  config: Config;
  databaseUrl: string;
  gmail: SandboxGmail;
  senders: BenchUser[];
  emails: number;
  /** Names the senders' Gmail addresses (another run in the same database takes another). */
  addressPrefix?: string;
  /** Recipients are taken this many people further from the end of the id order. */
  recipientOffset?: number;
  leadSeconds?: number;
  timeoutSeconds?: number;
}): Promise<DispatchReport> {
  const { database, config, gmail, senders } = options;
  const perMailbox = Math.ceil(options.emails / senders.length);
  const db = database.db;

  console.log(`  preparing ${senders.length} senders (resume, Gmail, ${perMailbox} recipients)`);
  await addResumes(
    database,
    senders.map((s) => s.id),
  );
  const addresses = new Map<string, string>();
  const recipients = new Map<string, string[]>();
  await eachLimited(senders, 8, async (sender) => {
    const index = senders.indexOf(sender);
    const address = `${options.addressPrefix ?? "bench.sender"}.${index}@gmail.example`;
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, sender.id));
    await connectGmail(database, config, gmail, {
      id: sender.id,
      name: row?.name ?? "Bench Student",
      address,
    });
    addresses.set(sender.id, address);
    recipients.set(
      sender.id,
      await saveRecipients(
        database,
        sender.id,
        (options.recipientOffset ?? 0) + index * perMailbox,
        perMailbox,
      ),
    );
  });

  // A queue client of its own, as another instance would have: it only enqueues.
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: "pgboss",
    max: 4,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  boss.on("error", () => {});
  await boss.start();
  const deps = { config, database, boss } as AppDeps;
  const scheduledAt = new Date(Date.now() + (options.leadSeconds ?? 20) * 1000);
  scheduledAt.setMilliseconds(0);
  const ids: string[] = [];
  let scheduled = 0;
  try {
    await eachLimited(senders, 4, async (sender) => {
      for (const contactId of recipients.get(sender.id) ?? []) {
        if (scheduled >= options.emails) return;
        scheduled++;
        const email = await scheduleEmail(deps, sender.id, {
          contactId,
          subject: "Fellow Cornellian interested in your team",
          body: "Hi,\n\nI'm a Cornell CS student and would love 15 minutes of your time.\n\nBest",
          scheduledAt,
        });
        ids.push(email.id);
      }
    });
  } finally {
    await boss.stop({ graceful: false, close: true }).catch(() => {});
  }
  const lead = (scheduledAt.getTime() - Date.now()) / 1000;
  console.log(
    `  ${ids.length} emails scheduled for ${scheduledAt.toISOString()} (in ${lead.toFixed(1)} s)`,
  );
  if (lead < 1) throw new Error("scheduling took longer than the lead time; raise leadSeconds");

  const deadline = scheduledAt.getTime() + (options.timeoutSeconds ?? 240) * 1000;
  let pending = ids.length;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const [row] = await db
      .select({ pending: sql<number>`count(*)::int` })
      .from(emailMessages)
      .where(
        and(
          inArray(emailMessages.id, ids),
          inArray(emailMessages.status, ["scheduled", "sending", "unknown"]),
        ),
      );
    if (row.pending !== pending) {
      pending = row.pending;
      const elapsed = ((Date.now() - scheduledAt.getTime()) / 1000).toFixed(0);
      console.log(`  ${ids.length - pending} of ${ids.length} settled at due + ${elapsed} s`);
    }
    if (pending === 0) break;
  }

  const rows = await db
    .select({ status: emailMessages.status, userId: emailMessages.userId })
    .from(emailMessages)
    .where(inArray(emailMessages.id, ids));
  const notSent: Record<string, number> = {};
  for (const row of rows) {
    if (row.status !== "sent") notSent[row.status] = (notSent[row.status] ?? 0) + 1;
  }
  // Gmail's own record of each mailbox's sends: the times recipients would see.
  const lateness: number[] = [];
  const queueing: number[] = [];
  const gaps: number[] = [];
  const messageIds = new Set<string>();
  const due = scheduledAt.getTime();
  const spacingMs = config.sending.minSpacingSeconds * 1000;
  for (const sender of senders) {
    const sent = (await gmail.sentFrom(addresses.get(sender.id) as string)).filter(
      (m) => new Date(m.sent_at).getTime() >= due - 1000,
    );
    for (const m of sent) messageIds.add(m.message_id);
    const times = sent.map((m) => new Date(m.sent_at).getTime()).sort((a, b) => a - b);
    times.forEach((time, i) => {
      lateness.push((time - due) / 1000);
      const earliest = i === 0 ? due : Math.max(due, times[i - 1] + spacingMs);
      queueing.push((time - earliest) / 1000);
      if (i > 0) gaps.push((time - times[i - 1]) / 1000);
    });
  }
  return {
    emails: ids.length,
    mailboxes: senders.length,
    spacingSeconds: config.sending.minSpacingSeconds,
    scheduledAt: scheduledAt.toISOString(),
    sent: lateness.length,
    distinctMessageIds: messageIds.size,
    rowsSent: rows.filter((row) => row.status === "sent").length,
    notSent,
    latenessP50: percentile(lateness, 50),
    latenessP95: percentile(lateness, 95),
    latenessMax: Math.max(0, ...lateness),
    queueingP95: percentile(queueing, 95),
    queueingMax: Math.max(0, ...queueing),
    minGapSeconds: gaps.length ? Math.min(...gaps) : 0,
    spacingViolations: gaps.filter((gap) => gap * 1000 < spacingMs).length,
    floorSeconds: (perMailbox - 1) * config.sending.minSpacingSeconds,
  };
}
