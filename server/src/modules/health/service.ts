import type { HealthResponse } from "@reachout/contract";
import type { AppDeps } from "../../deps";

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
  };
}
