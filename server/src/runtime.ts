import { readFileSync } from "node:fs";
import pino from "pino";
import { type Config, ConfigError } from "./config";
import { type Database, openConfiguredDatabase } from "./db/client";
import { knownMigrations, pendingMigrations, runMigrations } from "./db/migrate";
import type { AppDeps } from "./deps";
import { createMailer, type LocalMailbox } from "./integrations/mailer";
import { registerJobs, startBoss } from "./jobs/boss";
import { startWorkerHeartbeat } from "./jobs/heartbeat";
import { allJobs, RETIRED_JOB_NAMES } from "./modules/jobs";
import { seedDemo } from "./seed/demo";
import { refuseDemoUserInProduction } from "./seed/demo-user";

export interface Runtime {
  deps: AppDeps;
  demoLogin?: { email: string; password: string };
  /** Stops starting new job work at once (the first step of a graceful shutdown). */
  beginStop(): void;
  stop(): Promise<void>;
}

export interface RuntimeOptions {
  /** Run job workers in this process (tests may only enqueue). */
  work?: boolean;
  /** Use an already opened database (tests). */
  database?: Database;
}

/** The advisory lock under which a starting process sets up the job queues (beside migrate's). */
const QUEUE_SETUP_LOCK_KEY = 727_002;

/** The job runner's JSON lines, at the configured level, beside the HTTP log's. */
function jobLogger(config: Config) {
  return pino({ level: config.logLevel, base: { pid: process.pid, role: config.role } });
}

function readVersion(): string {
  try {
    return JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version;
  } catch {
    return "0.0.0";
  }
}

/** Opens everything the app needs, in order: database, migrations, sandbox, mailer, jobs, seed. */
export async function createRuntime(
  config: Config,
  options: RuntimeOptions = {},
): Promise<Runtime> {
  const database = options.database ?? (await openConfiguredDatabase(config));
  try {
    let neverMigrated = false;
    if (config.migrateOnStart) await runMigrations(database);
    else {
      const pending = await pendingMigrations(database.raw);
      neverMigrated = pending.length > 0 && pending[0] === knownMigrations()[0];
      // Jobs read and write the tables as this release knows them: a worker of a release whose
      // migrations were not applied yet would fail on every job. A web process starts anyway
      // and answers 503 on /api/ready until `npm run migrate` has run.
      if (config.runWorkers && pending.length > 0) {
        throw new ConfigError(
          `The database is missing ${pending.length} migration(s) of this release (${pending.join(", ")}): run \`npm run migrate\` first, or start with MIGRATE_ON_START=true.`,
        );
      }
    }
    // A database never migrated has no users table, so no demo login either.
    if (!neverMigrated) await refuseDemoUserInProduction(database.db, config);
  } catch (error) {
    if (!options.database) await database.close();
    throw error;
  }

  let sandbox: AppDeps["sandbox"];
  let mailbox: LocalMailbox | undefined;
  if (config.sandbox) {
    // Imported only here, only in sandbox mode: production never loads the stand-ins.
    const { createSandbox } = await import("@reachout/sandbox");
    const created = createSandbox({
      appUrl: config.publicUrl,
      google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret },
      microsoft: {
        clientId: config.microsoft.clientId,
        clientSecret: config.microsoft.clientSecret,
      },
      stripe: {
        webhookUrl: `${config.publicUrl}/api/stripe/webhook`,
        webhookSecret: config.stripe.webhookSecret,
        prices: config.stripe.prices,
        secretKey: config.stripe.secretKey,
      },
      gmailPush: config.gmailPush
        ? { ...config.gmailPush, endpoint: `${config.publicUrl}/api/gmail/push` }
        : undefined,
    });
    sandbox = created;
    mailbox = created.mailbox;
  }

  const boss = await startBoss(database, config);

  const deps: AppDeps = {
    config,
    database,
    boss,
    mailer: createMailer(config, mailbox),
    sandbox,
    version: readVersion(),
  };
  const work = options.work ?? config.runWorkers;
  const stopping = new AbortController();
  await registerJobs(boss, allJobs(deps), {
    work,
    stopping: stopping.signal,
    retired: RETIRED_JOB_NAMES,
    serialize: (setUp) => database.withAdvisoryLock(QUEUE_SETUP_LOCK_KEY, setUp),
    log: work ? jobLogger(config) : undefined,
  });
  // The agent dashboard's "worker running" reads these beats.
  const heartbeat = work ? startWorkerHeartbeat(database.db) : undefined;

  // Never outside sandbox mode (and the sandbox never runs in production: config refuses it).
  const demoLogin = config.sandbox && config.seedDemo ? await seedDemo(deps) : undefined;

  return {
    deps,
    demoLogin,
    beginStop: () => stopping.abort(),
    async stop() {
      stopping.abort();
      await heartbeat?.stop();
      // Longer than a Gmail call may take (30 s): a send under way records its outcome
      // before the database closes. Give the process at least 40 s to stop (SIGTERM → SIGKILL).
      await boss.stop({ graceful: true, wait: true, timeout: 35_000, close: true }).catch(() => {});
      if (!options.database) await database.close();
    },
  };
}
