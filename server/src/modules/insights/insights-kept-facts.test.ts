import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  addNetworkContacts,
  createUser,
  recordInbound,
  recordSent,
} from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { until } from "../../../tests/until";
import { rowsOf } from "../../db/client";
import type { EmailStatus } from "../../db/schema";
import { conversationMessagesSql } from "../applications";
import {
  importEmailHistory,
  insertOutboundEmails,
  markSent,
  recordCopiedMessage,
  recordSyncedMessage,
  transition,
} from "../emails/messages";
import { forgetInsights, type GroupRow, getInsights, insightsFromRows } from "./service";

/**
 * ADR 036: the database keeps each email's reply outcome and its contact's industry and
 * seniority, and insights sum those. These tests build random histories through every kind of
 * writer and compare the answer with the computation it replaced (kept below as the reference:
 * the reply window over the conversation, the join to the directory, the title's regular
 * expressions), in several time zones.
 */
const t = useTestApp();

/** The seniority rule as the replaced computation evaluated it, per title. */
const referenceSenioritySql = (title: SQL) => sql`case
  when ${title} ~* '(vice[ -]president|\\m(s|e)?vp\\M)' then 'director'
  when ${title} ~* '(\\m(chief|ceo|cfo|coo|cto|cmo|founder|co-?founder|owner|partner|president)\\M|managing director)'
    then 'executive'
  when ${title} ~* '\\m(director|head)\\M' then 'director'
  when ${title} ~* '\\m(manager|lead|principal)\\M' then 'manager'
  when ${title} ~* '\\m(senior|sr|staff)\\M' then 'senior'
  else 'individual' end`;

/**
 * The reply rule as the replaced computation evaluated it (ADR 031's window): a sent email is
 * replied when the next message of its conversation is the person's reply.
 */
const referenceConversationSql = (userFilter: SQL) => sql`
  select m.contact_id, m.id, m.direction, m.sent_at, m.email_format, m.sequence_step,
    coalesce(lead(m.direction) over (
      partition by m.user_id, m.contact_id order by m.sent_at, m.id) = 'inbound', false)
      as is_replied
  from email_messages m
  where ${userFilter} and ${conversationMessagesSql}`;

/** The replaced computation's two statements (main before ADR 036), as they were. */
async function referenceInsights(userId: string, timeZone: string) {
  const db = t.deps.database.db;
  const groups = rowsOf<GroupRow>(
    await db.execute(sql`
      with facts as (
        select case when coalesce(conversation.sequence_step, 0) > 0 then null
            else coalesce(nullif(conversation.email_format, ''), 'custom') end as format,
          c.industry, c.title,
          coalesce(conversation.sequence_step, 0) as step,
          date_part('isodow', conversation.sent_local)::int as weekday,
          date_part('hour', conversation.sent_local)::int as hour,
          conversation.is_replied
        from (select contact_id, email_format, sequence_step, is_replied,
              sent_at at time zone ${timeZone} as sent_local
            from (${referenceConversationSql(sql`m.user_id = ${userId}`)}) conversation
            where direction = 'outbound' offset 0) conversation
        join contacts c on c.id = conversation.contact_id
      ), groups as (
        select grouping(industry) as g_industry, grouping(title) as g_title,
          format, industry, title, step, weekday, hour,
          count(*) as sent, count(*) filter (where is_replied) as replied
        from facts
        group by grouping sets ((format, step, weekday, hour), (industry), (title))
      )
      select grouping(format) as g_format, 1 as g_industry, 1 as g_seniority,
        grouping(step) as g_step, grouping(weekday) as g_weekday, grouping(hour) as g_hour,
        format, null as industry, null as seniority, step, weekday, hour,
        sum(sent)::int as sent, sum(replied)::int as replied
      from groups where g_industry = 1 and g_title = 1
      group by grouping sets ((format), (step), (weekday), (hour), ())
      union all
      select 1, 0, 1, 1, 1, 1, null, industry, null, null, null, null,
        sum(sent)::int, sum(replied)::int
      from (select coalesce(nullif(lower(trim(industry)), ''), 'unknown') as industry, sent, replied
          from groups where g_industry = 0) by_industry
      group by industry
      union all
      select 1, 1, 0, 1, 1, 1, null, null, seniority, null, null, null,
        sum(sent)::int, sum(replied)::int
      from (select ${referenceSenioritySql(sql`coalesce(title, '')`)} as seniority, sent, replied
          from groups where g_title = 0) by_seniority
      group by seniority`),
  );
  const [funnel] = rowsOf<{
    contacted: number;
    replied: number;
    interviewing: number;
    offer: number;
  }>(
    await db.execute(sql`
      select
        count(distinct contact_id) filter (where direction = 'outbound' and status = 'sent')::int
          as contacted,
        count(distinct contact_id)
          filter (where direction = 'inbound' and inbound_kind is null)::int as replied,
        (select count(distinct application_id) from application_stage_changes
          where user_id = ${userId} and to_stage in ('interviewing', 'offer'))::int
          as interviewing,
        (select count(distinct application_id) from application_stage_changes
          where user_id = ${userId} and to_stage = 'offer')::int as offer
      from email_messages where user_id = ${userId}`),
  );
  return insightsFromRows(groups, funnel);
}

/** Rows whose kept facts differ from what the reply window and the directory say now. */
async function staleFacts(): Promise<number> {
  const [row] = rowsOf<{ stale: number }>(
    await t.deps.database.db.execute(sql`
      select count(*)::int as stale
      from email_messages m
      join contacts c on c.id = m.contact_id
      left join (${referenceConversationSql(sql`true`)}) conversation on conversation.id = m.id
      where m.replied is distinct from
          coalesce(conversation.direction = 'outbound' and conversation.is_replied, false)
        or m.contact_industry is distinct from coalesce(nullif(lower(trim(c.industry)), ''), 'unknown')
        or m.contact_seniority is distinct from ${referenceSenioritySql(sql`coalesce(c.title, '')`)}`),
  );
  return row.stale;
}

const TIME_ZONES = [
  "UTC",
  "America/New_York",
  "Europe/London",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Australia/Lord_Howe",
  "Pacific/Chatham",
];
const TITLES = [
  "Vice President, M&A",
  "SVP Sales",
  "Chief of Staff",
  "Co-founder",
  "Managing Director",
  "Head of Talent",
  "Engineering Manager",
  "Team Lead",
  "Senior Associate",
  "Sr Analyst",
  "Analyst",
  "",
  null,
];
const INDUSTRIES = ["Fintech", " fintech ", "FINTECH", "software", "Private Equity", "", null];
const FORMATS = [null, "", "precision", "original", "referral"];
const STEPS = [null, 0, 1, 2];

/** A small deterministic generator (mulberry32), so a failing seed can be replayed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)],
  };
}

let counter = 0;

/**
 * A random history for one student: first emails, follow-ups, replies to either, bounces and
 * automatic replies, messages synced late (before ones already stored), copy mode, the demo
 * cohort's import, the send path (sending, then sent), status and classification changes, a
 * message moved in time or removed, and a contact whose title and industry change. Times fall
 * around the 2026 daylight saving changes of New York, London and Lord Howe.
 */
async function buildHistory(seed: number) {
  const rand = random(seed);
  const db = t.deps.database.db;
  const raw = t.deps.database.raw;
  const user = await createUser(t);
  const other = await createUser(t);
  const people = await addNetworkContacts(t, user.id, 8);
  for (const person of people) {
    await raw.query("update contacts set title = $1, industry = $2 where id = $3", [
      rand.pick(TITLES),
      rand.pick(INDUSTRIES),
      person.id,
    ]);
  }
  const bases = [
    Date.UTC(2026, 2, 7, 12),
    Date.UTC(2026, 2, 28, 20),
    Date.UTC(2026, 3, 4, 10),
    Date.UTC(2026, 9, 24, 22),
  ];
  const when = () => new Date(rand.pick(bases) + rand.int(60 * 48) * 60_000 + rand.int(60) * 1000);
  const ids: string[] = [];
  const messageIds = async () =>
    rowsOf<{ id: string; direction: string; status: EmailStatus }>(
      await db.execute(
        sql`select id, direction, status from email_messages where user_id = ${user.id} order by id`,
      ),
    );

  for (let step = 0; step < 70; step++) {
    const person = rand.pick(people);
    const to = { userId: rand.next() < 0.9 ? user.id : other.id, contactId: person.id };
    const action = rand.int(12);
    if (action <= 2) {
      ids.push(
        await recordSent(t, {
          ...to,
          sentAt: when(),
          format: rand.pick(FORMATS),
          step: rand.pick(STEPS),
        }),
      );
    } else if (action <= 4) {
      const kind = rand.pick([undefined, undefined, "bounce", "auto_reply"] as const);
      await recordInbound(t, { ...to, sentAt: when(), kind });
    } else if (action === 5) {
      await recordSyncedMessage(db, {
        ...to,
        direction: rand.next() < 0.5 ? "inbound" : "outbound",
        fromEmail: "person@bank.example",
        toEmail: "student@uni.example",
        subject: "Re: Hello",
        body: "Synced.",
        sentAt: when(),
        gmailMessageId: `gmail-${seed}-${++counter}`,
        threadId: `thread-${seed}`,
        inboundKind: rand.pick([null, null, "bounce"] as const),
      });
    } else if (action === 6) {
      await db.transaction((tx) =>
        recordCopiedMessage(tx, {
          ...to,
          direction: rand.next() < 0.5 ? "inbound" : "outbound",
          toEmail: "person@bank.example",
          fromEmail: "student@uni.example",
          subject: "Copied",
          body: "From my own mail app.",
          rfc822MessageId: `<copied-${seed}-${++counter}@uni.example>`,
          emailFormat: rand.pick(FORMATS),
          isFirstEmail: false,
          inboundKind: null,
          classificationNote: null,
          countsOnContact: false,
        }),
      );
    } else if (action === 7) {
      const [email] = await insertOutboundEmails(db, [
        {
          ...to,
          subject: "Sent now",
          body: "Through the send path.",
          status: "sending",
          emailFormat: rand.pick(FORMATS),
          sequenceStep: rand.pick(STEPS),
        },
      ]);
      if (rand.next() < 0.7) {
        await markSent(db, email, { id: `sent-${seed}-${++counter}`, threadId: "t" }, ["sending"]);
      } else {
        await transition(db, email.id, ["sending"], { status: "failed", error: "Refused." });
      }
    } else if (action === 8) {
      const rows = await messageIds();
      const row = rows.length > 0 ? rand.pick(rows) : null;
      if (row?.status === "sent") {
        await transition(db, row.id, ["sent"], { status: "unknown" });
      } else if (row?.direction === "inbound") {
        await transition(db, row.id, ["received"], {
          inboundKind: rand.pick([null, "bounce", "auto_reply"] as const),
        });
      }
    } else if (action === 9) {
      const rows = await messageIds();
      if (rows.length > 0) {
        const row = rand.pick(rows);
        if (rand.next() < 0.5) {
          await raw.query("delete from email_messages where id = $1", [row.id]);
        } else {
          await raw.query("update email_messages set sent_at = $1 where id = $2", [
            when().toISOString(),
            row.id,
          ]);
        }
      }
    } else if (action === 10) {
      await importEmailHistory(
        db,
        Array.from({ length: 1 + rand.int(4) }, (_, i) => ({
          ...to,
          direction: i % 2 === 0 ? ("outbound" as const) : ("inbound" as const),
          status: i % 2 === 0 ? ("sent" as const) : ("received" as const),
          subject: "History",
          body: "As it happened.",
          sentAt: when(),
          emailFormat: i % 2 === 0 ? rand.pick(FORMATS) : null,
          sequenceStep: i % 2 === 0 ? i / 2 : null,
        })),
      );
    } else {
      await raw.query("update contacts set title = $1, industry = $2 where id = $3", [
        rand.pick(TITLES),
        rand.pick(INDUSTRIES),
        person.id,
      ]);
    }
  }
  return { user, other };
}

describe("insights from the facts the database keeps (ADR 036)", () => {
  it.each([1, 2, 3, 4, 5, 6])(
    "answers what the replaced computation answered (random history %i)",
    async (seed) => {
      const { user, other } = await buildHistory(seed);
      expect(await staleFacts()).toBe(0);
      let compared = 0;
      for (const student of [user, other]) {
        for (const timeZone of TIME_ZONES) {
          forgetInsights();
          const answer = await getInsights(t.deps.database.db, student.id, timeZone);
          expect(answer).toEqual(await referenceInsights(student.id, timeZone));
          compared += answer.sent;
        }
      }
      // The history is not empty: the comparison covered sent emails.
      expect(compared).toBeGreaterThan(0);
    },
  );

  it("credits a reply to the follow-up it answered, also when messages arrive out of order", async () => {
    const user = await createUser(t);
    const [person] = await addNetworkContacts(t, user.id, 1, { title: "Analyst" });
    const at = (hour: number) => new Date(Date.UTC(2026, 4, 5, hour));
    const first = await recordSent(t, { userId: user.id, contactId: person.id, sentAt: at(9) });
    await recordInbound(t, { userId: user.id, contactId: person.id, sentAt: at(12) });
    const replied = async () =>
      Object.fromEntries(
        rowsOf<{ id: string; replied: boolean }>(
          await t.deps.database.db.execute(
            sql`select id, replied from email_messages where user_id = ${user.id} and direction = 'outbound'`,
          ),
        ).map((row) => [row.id, row.replied]),
      );
    expect(await replied()).toEqual({ [first]: true });

    // A follow-up sent at 11 is synced only now: the 12 o'clock reply answers it, not the first.
    const followUp = await recordSent(t, {
      userId: user.id,
      contactId: person.id,
      sentAt: at(11),
      step: 1,
    });
    expect(await replied()).toEqual({ [first]: false, [followUp]: true });

    // The reply turns out to be a bounce: nobody answered.
    await t.deps.database.raw.query(
      "update email_messages set inbound_kind = 'bounce' where user_id = $1 and direction = 'inbound'",
      [user.id],
    );
    expect(await replied()).toEqual({ [first]: false, [followUp]: false });
    expect(await staleFacts()).toBe(0);
  });

  it.each(["the reply", "the follow-up"])(
    "settles a conversation two transactions change at once (%s commits first)",
    async (firstToCommit) => {
      // On PostgreSQL the two transactions run on two connections: the second waits for the
      // conversation's lock, then recomputes with the first's message in view. (PGlite has one
      // connection: they run one after the other.)
      const db = t.deps.database.db;
      const user = await createUser(t);
      const [person] = await addNetworkContacts(t, user.id, 1);
      const at = (hour: number) => new Date(Date.UTC(2026, 4, 6, hour)).toISOString();
      const first = await recordSent(t, {
        userId: user.id,
        contactId: person.id,
        sentAt: new Date(at(9)),
      });
      const [followUp] = await insertOutboundEmails(db, [
        {
          userId: user.id,
          contactId: person.id,
          subject: "Following up",
          body: "Any news?",
          status: "sending",
          sequenceStep: 1,
        },
      ]);
      const reply = sql`insert into email_messages
          (user_id, contact_id, direction, status, subject, body, sent_at)
        values (${user.id}, ${person.id}, 'inbound', 'received', 'Re', 'Yes.', ${at(12)})`;
      const sent = sql`update email_messages set status = 'sent', sent_at = ${at(11)}
        where id = ${followUp.id}`;
      const [early, late] = firstToCommit === "the reply" ? [reply, sent] : [sent, reply];
      let commit = () => {};
      const held = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let wrote = () => {};
      const written = new Promise<void>((resolve) => {
        wrote = resolve;
      });
      const one = db.transaction(async (tx) => {
        await tx.execute(early);
        wrote();
        await held;
      });
      await written;
      const two = db.transaction(async (tx) => {
        await tx.execute(late);
      });
      if (t.deps.database.kind === "postgres") {
        await until("the second transaction waiting for the conversation's lock", async () => {
          const { rows } = await t.deps.database.raw.query<{ waiting: number }>(
            `select count(*)::int as waiting from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return rows[0].waiting > 0;
        });
      }
      commit();
      await Promise.all([one, two]);

      const rows = rowsOf<{ id: string; replied: boolean }>(
        await db.execute(sql`select id, replied from email_messages
          where user_id = ${user.id} and direction = 'outbound'`),
      );
      expect(Object.fromEntries(rows.map((row) => [row.id, row.replied]))).toEqual({
        [first]: false,
        [followUp.id]: true,
      });
    },
  );

  it("keeps the facts of a bulk import of many conversations in one statement", async () => {
    const user = await createUser(t);
    const people = await addNetworkContacts(t, user.id, 600, { title: "Head of Talent" });
    const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 9, minute));
    await importEmailHistory(
      t.deps.database.db,
      people.flatMap((person, i) => [
        {
          userId: user.id,
          contactId: person.id,
          direction: "outbound" as const,
          status: "sent" as const,
          subject: "History",
          body: "As it happened.",
          sentAt: at(i % 50),
          emailFormat: "precision",
        },
        ...(i % 3 === 0
          ? [
              {
                userId: user.id,
                contactId: person.id,
                direction: "inbound" as const,
                status: "received" as const,
                subject: "Re: History",
                body: "Thanks.",
                sentAt: at(55),
              },
            ]
          : []),
      ]),
    );
    expect(await staleFacts()).toBe(0);
    forgetInsights();
    const answer = await getInsights(t.deps.database.db, user.id, "UTC");
    expect(answer).toMatchObject({ sent: 600, replied: 200 });
    expect(answer.by_seniority).toEqual([
      { seniority: "director", sent: 600, replied: 200, reply_rate: 200 / 600 },
    ]);
    expect(answer).toEqual(await referenceInsights(user.id, "UTC"));
  });
});
