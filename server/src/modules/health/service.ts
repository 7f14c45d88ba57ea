import type { HealthResponse } from "@reachout/contract";
import type { Config } from "../../config";
import { pendingMigrations } from "../../db/migrate";
import type { AppDeps } from "../../deps";
import { llmStats } from "../../integrations/llm";

/** The LLM's counters (never its key or its answers); an LLM failure never degrades health. */
function llmHealth(config: Pick<Config, "llm">): HealthResponse["llm"] {
  const stats = llmStats();
  return {
    configured: Boolean(config.llm),
    model: config.llm?.model ?? null,
    calls: stats.calls,
    failures: stats.failures,
    fallbacks: stats.fallbacks,
    last_failure: stats.lastFailure,
  };
}

export async function checkHealth(deps: AppDeps): Promise<HealthResponse> {
  const database = await deps.database.raw
    .query("select 1 as ok")
    .then(() => true)
    .catch(() => false);
  const jobs = await deps.database.raw
    .query("select 1 from pgboss.version limit 1")
    .then(() => true)
    .catch(() => false);
  return {
    status: database && jobs ? "ok" : "degraded",
    database: { ok: database, kind: deps.database.kind },
    jobs: { ok: jobs },
    mode: deps.config.sandbox ? "sandbox" : "live",
    version: deps.version,
    llm: llmHealth(deps.config),
  };
}

/** Why this process cannot take traffic yet (the database, its migrations), or null: ready. */
export async function checkReady(deps: AppDeps): Promise<string | null> {
  let pending: string[];
  try {
    pending = await pendingMigrations(deps.database.raw);
  } catch {
    return "The database does not answer.";
  }
  if (pending.length > 0) {
    return `The database is missing ${pending.length} migration(s) of this release (${pending.join(", ")}): run npm run migrate.`;
  }
  return null;
}
