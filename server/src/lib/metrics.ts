import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { RawSql } from "../db/client";

/**
 * This process's Prometheus metrics. Counters and histograms count what this process did (a web
 * process its requests and immediate sends, a worker its jobs' sends): Prometheus scrapes every
 * process and sums. The gauges read the shared database at scrape time, so any one process
 * answers them for all.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: "reachout_" });

export const httpDuration = new Histogram({
  name: "reachout_http_request_duration_seconds",
  help: "HTTP request latency by method, route pattern and status",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const sends = new Counter({
  name: "reachout_sends_total",
  help: "Email send attempts by mailbox provider and outcome (sent, unknown, retrying, paused, failed)",
  labelNames: ["provider", "outcome"] as const,
  registers: [registry],
});

export const llmCalls = new Counter({
  name: "reachout_llm_calls_total",
  help: "Calls to the LLM by outcome (ok, or the failure's reason)",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const llmDuration = new Histogram({
  name: "reachout_llm_call_duration_seconds",
  help: "LLM call latency, whatever the outcome",
  buckets: [0.25, 0.5, 1, 2, 4, 8, 15, 30, 60],
  registers: [registry],
});

export const llmFallbacks = new Counter({
  name: "reachout_llm_fallbacks_total",
  help: "Answers the offline path gave because the LLM failed, by reason",
  labelNames: ["reason"] as const,
  registers: [registry],
});

export const suppressionsAdded = new Counter({
  name: "reachout_suppressions_total",
  help: "Addresses newly put on the do-not-contact list, by cause",
  labelNames: ["cause"] as const,
  registers: [registry],
});

export const pushReceived = new Counter({
  name: "reachout_push_notifications_total",
  help: "Mailbox change notifications received (Gmail Pub/Sub pushes, Graph notifications)",
  labelNames: ["provider"] as const,
  registers: [registry],
});

const queueDepth = new Gauge({
  name: "reachout_job_queue_depth",
  help: "Jobs due and waiting for a worker, by queue",
  labelNames: ["queue"] as const,
  registers: [registry],
});

const queueOldestAge = new Gauge({
  name: "reachout_job_queue_oldest_age_seconds",
  help: "How long the longest-waiting due job of each queue has been due",
  labelNames: ["queue"] as const,
  registers: [registry],
});

const outboxBacklog = new Gauge({
  name: "reachout_outbox_backlog",
  help: "System emails (verification codes, notices) queued and not yet handed to SMTP",
  registers: [registry],
});

const replySyncLag = new Gauge({
  name: "reachout_reply_sync_lag_seconds",
  help: "Age of the least recently synced connected mailbox's last sync",
  registers: [registry],
});

/** The system-email outbox's queue (modules/system-email/outbox.ts): named here, not imported. */
const OUTBOX_QUEUE = "system-email";

/** Reads the database gauges: queue depth and age from pg-boss, reply-sync lag from mailboxes. */
async function readDatabaseGauges(raw: RawSql): Promise<void> {
  const queues = await raw.query<{ name: string; depth: number; oldest: number | null }>(
    // Every queue, waiting jobs or none: a series that vanishes when a queue empties reads as
    // "no data" on a dashboard, not as zero.
    `select q.name, count(j.id)::int as depth,
            extract(epoch from now() - min(j.start_after))::float8 as oldest
       from pgboss.queue q
       left join pgboss.job j
         on j.name = q.name and j.state in ('created', 'retry') and j.start_after <= now()
      group by q.name`,
  );
  queueDepth.reset();
  queueOldestAge.reset();
  let outbox = 0;
  for (const row of queues.rows) {
    queueDepth.set({ queue: row.name }, Number(row.depth));
    queueOldestAge.set({ queue: row.name }, Math.max(0, Number(row.oldest ?? 0)));
    if (row.name === OUTBOX_QUEUE) outbox = Number(row.depth);
  }
  const queuedLater = await raw.query<{ n: number }>(
    `select count(*)::int as n from pgboss.job
      where name = $1 and state in ('created', 'retry') and start_after > now()`,
    [OUTBOX_QUEUE],
  );
  // Retries waiting out their backoff are backlog too: each is an email not delivered yet.
  outboxBacklog.set(outbox + Number(queuedLater.rows[0]?.n ?? 0));
  const lag = await raw.query<{ lag: number | null }>(
    `select extract(epoch from now() - min(coalesce(last_synced_at, connected_at)))::float8 as lag
       from mailboxes where status = 'connected'`,
  );
  replySyncLag.set(Math.max(0, Number(lag.rows[0]?.lag ?? 0)));
}

/** The exposition text, database gauges read now. */
export async function renderMetrics(raw: RawSql): Promise<{ contentType: string; body: string }> {
  await readDatabaseGauges(raw);
  return { contentType: registry.contentType, body: await registry.metrics() };
}
