import PgBoss from "pg-boss";
import type { z } from "zod";
import type { Config } from "../config";
import { type Database, type DbOrTx, positionalSql, rowsOf } from "../db/client";
import { currentRequestId, REQUEST_ID_KEY, runWithRequestId } from "../lib/request-context";

export type Boss = PgBoss;

/**
 * pg-boss over whichever database is open. On PGlite it runs through the `db.executeSql`
 * adapter; pg-boss sends parameterless multi-statement SQL, which PGlite accepts only via exec.
 */
/**
 * The queue on the configured database, started. Its emitted errors are ignored: every job
 * handler logs and retries its own failures, and a lost connection surfaces in /api/health.
 */
export async function startBoss(
  database: Database,
  config: Pick<Config, "database">,
): Promise<PgBoss> {
  const boss = createBoss(
    database,
    config.database.kind === "postgres" ? config.database.url : undefined,
  );
  boss.on("error", () => {});
  await boss.start();
  carryRequestId(boss);
  return boss;
}

/** A job's data with the id of the request (or job) that queues it, unless it has one. */
function withRequestId(data: unknown): unknown {
  const requestId = currentRequestId();
  if (!requestId) return data;
  if (data === undefined || data === null) return { [REQUEST_ID_KEY]: requestId };
  if (typeof data !== "object" || Array.isArray(data) || REQUEST_ID_KEY in data) return data;
  return { ...data, [REQUEST_ID_KEY]: requestId };
}

/**
 * Every job queued while a request (or a job) is handled carries its id, so the worker's log
 * lines name the request that caused the work. The payload schemas drop the key when parsing.
 */
function carryRequestId(boss: PgBoss): void {
  const send = boss.send.bind(boss) as (...args: unknown[]) => Promise<string | null>;
  const insert = boss.insert.bind(boss) as (...args: unknown[]) => Promise<void>;
  Object.assign(boss, {
    send(...args: unknown[]) {
      if (typeof args[0] === "string") args[1] = withRequestId(args[1]);
      else if (args[0] && typeof args[0] === "object") {
        const request = args[0] as { data?: unknown };
        args[0] = { ...request, data: withRequestId(request.data) };
      }
      return send(...args);
    },
    insert(jobs: Array<{ data?: unknown }>, ...rest: unknown[]) {
      return insert(
        jobs.map((job) => ({ ...job, data: withRequestId(job.data) })),
        ...rest,
      );
    },
  });
}

/** The request id a job's data carries, if a sane one. */
function requestIdOf(data: unknown): string | undefined {
  if (!data || typeof data !== "object") return undefined;
  const value = (data as Record<string, unknown>)[REQUEST_ID_KEY];
  return typeof value === "string" && value.length <= 128 ? value : undefined;
}

/** Where the job runner writes its lines (a pino logger in a worker process). */
export interface JobLog {
  info(fields: object, message: string): void;
  debug(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export function createBoss(database: Database, connectionString?: string): PgBoss {
  const common = {
    schema: "pgboss",
    // Maintenance and cron are cheap; keep the monitors frequent enough for a 1-minute sweep.
    maintenanceIntervalSeconds: 60,
    cronMonitorIntervalSeconds: 30,
    cronWorkerIntervalSeconds: 5,
  };
  if (database.kind === "postgres" && connectionString) {
    return new PgBoss({ connectionString, max: 4, ...common });
  }
  return new PgBoss({
    ...common,
    db: {
      async executeSql(text: string, values?: unknown[]) {
        if (!values || values.length === 0) {
          // exec returns one result per statement; pg-boss reads the last statement's rows.
          const rows = await execRows(database, text);
          return { rows };
        }
        return database.raw.query(text, values);
      },
    },
  });
}

async function execRows(database: Database, text: string): Promise<unknown[]> {
  if (!/;\s*\S/.test(text.trim().replace(/;\s*$/, ""))) {
    return (await database.raw.query(text)).rows;
  }
  await database.raw.exec(text);
  return [];
}

/** A pg-boss `db` bound to a drizzle transaction: enqueue in the same transaction as the row. */
export function bossDbFor(tx: DbOrTx): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      return { rows: rowsOf(await tx.execute(positionalSql(text, values))) };
    },
  };
}

/**
 * How long a sweep's run may stay active before the queue's maintenance gives it up: a worker
 * killed mid-run leaves it active, and a one-at-a-time queue ("singleton") starts no other run
 * until then (pg-boss's default is 15 minutes).
 */
export const SWEEP_EXPIRE_SECONDS = 120;

export interface JobDefinition<S extends z.ZodType> {
  name: string;
  payload: S;
  /** Handlers must be safe to run twice: re-read state and change it by conditional UPDATE. */
  handle: (data: z.infer<S>) => Promise<void>;
  queue?: Omit<PgBoss.Queue, "name">;
  work?: PgBoss.WorkOptions;
  /** A cron expression: the job is a periodic sweep. */
  cron?: string;
  /**
   * A sweep that a starting worker also runs at once: after a crash or a deploy, due work
   * resumes within seconds instead of at the next cron tick.
   */
  runAtStart?: boolean;
  /**
   * Worker loops taking this queue's jobs at once (default 1). Each fetches its own batch and
   * handles it one job after the other, so a slow job never holds up the others' next fetch.
   */
  concurrency?: number;
  /**
   * The jobs of a fetched batch run side by side instead of one after the other: for jobs that
   * mostly wait on another service (a send waits on Gmail), so `concurrency` x `batchSize` are
   * under way at once while only `concurrency` loops poll the queue.
   */
  batchSideBySide?: boolean;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

export async function registerJobs(
  boss: PgBoss,
  jobs: JobDefinition<z.ZodType>[],
  options: {
    work: boolean;
    stopping?: AbortSignal;
    retired?: readonly string[];
    /**
     * Runs the queue set-up with no other process's at the same time: processes of a release
     * starting together on a fresh database deadlock in pg-boss's create_queue otherwise.
     */
    serialize?: (setUp: () => Promise<void>) => Promise<void>;
    /** One line per job run: its queue, id, the request id it carries, time, outcome. */
    log?: JobLog;
  },
): Promise<void> {
  const serialize = options.serialize ?? ((setUp) => setUp());
  await serialize(async () => {
    // Queues of names no job has any more: their cron schedules go (no sweep keeps filling a
    // queue nobody works) and so do the queues. Waiting jobs need no moving: the sweeps enqueue
    // every due row again under the current names.
    for (const name of options.retired ?? []) {
      await boss.unschedule(name);
      if (await boss.getQueue(name)) await boss.deleteQueue(name);
    }
    for (const job of jobs) {
      await boss.createQueue(job.name, { name: job.name, ...job.queue });
      // An existing queue takes the options as coded now (createQueue leaves it as it was).
      await boss.updateQueue(job.name, { name: job.name, ...job.queue });
      if (job.cron) await boss.schedule(job.name, job.cron, {}, {});
    }
  });
  for (const job of jobs) {
    if (!options.work) continue;
    // Each run goes on under the id of the request that queued it (its own when none did):
    // jobs it queues carry the same id. Only ids and times are logged, never a payload.
    const run = async (item: { id: string; data: unknown }) => {
      const requestId = requestIdOf(item.data) ?? item.id;
      const started = performance.now();
      const fields = () => ({
        requestId,
        job: job.name,
        jobId: item.id,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
      try {
        await runWithRequestId(requestId, () => job.handle(job.payload.parse(item.data)));
        // A sweep runs every few seconds: its runs are routine, shown at debug level.
        if (job.cron) options.log?.debug(fields(), "job done");
        else options.log?.info(fields(), "job done");
      } catch (error) {
        const reason = error instanceof Error ? error.message : "unknown error";
        options.log?.warn({ ...fields(), error: reason.slice(0, 300) }, "job failed");
        throw error;
      }
    };
    for (let loop = 0; loop < (job.concurrency ?? 1); loop++) {
      let workerId = "";
      workerId = await boss.work(
        job.name,
        { pollingIntervalSeconds: 1, ...job.work },
        async (batch) => {
          // Shutting down: the jobs of this batch not started yet go back to the queue (as a
          // retry) instead of starting work the process may not live to finish.
          const giveBack = (from: number) =>
            boss.fail(
              job.name,
              batch.slice(from).map((j) => j.id),
            );
          if (job.batchSideBySide) {
            if (options.stopping?.aborted) return void (await giveBack(0));
            // Every job runs to its end before the batch is settled; the first failure then
            // fails the batch (each retried job re-reads its state, as after any failure).
            const results = await Promise.allSettled(batch.map((item) => run(item)));
            const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
            if (failed) throw failed.reason;
          } else {
            for (const [index, item] of batch.entries()) {
              if (options.stopping?.aborted) return void (await giveBack(index));
              await run(item);
            }
          }
          // A full batch means more jobs wait: fetch them now, not a polling interval later.
          if (batch.length >= (job.work?.batchSize ?? 1) && !options.stopping?.aborted) {
            boss.notifyWorker(workerId);
          }
        },
      );
    }
    if (job.runAtStart) await boss.send(job.name, {});
  }
}
