import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { FastifyInstance } from "fastify";
import { isLoopbackHost } from "../config";
import type { RawSql } from "../db/client";
import { httpDuration, renderMetrics } from "../lib/metrics";
import { isLocalSandboxClient } from "./sandbox-guard";

/** Routes left out of the latency histogram: the scrape itself would dominate it. */
const UNTIMED = new Set(["/metrics"]);

/** Whether `Authorization: Bearer <token>` carries the configured token (compared in constant time). */
function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith("Bearer ")) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(header.slice("Bearer ".length)), digest(token));
}

/**
 * Who may read /metrics: this machine's own socket with no forwarded client (a reverse proxy on
 * the same host forwards strangers from loopback), or anyone with METRICS_TOKEN. Answers the
 * refusal, or null.
 */
function refusal(
  local: boolean,
  authorization: string | undefined,
  token: string | undefined,
): { status: number; detail: string } | null {
  if (bearerMatches(authorization, token)) return null;
  if (authorization && token) return { status: 401, detail: "Invalid metrics token" };
  if (local) return null;
  // Without a token configured the endpoint does not exist for anyone else.
  return token
    ? { status: 401, detail: "Metrics need Authorization: Bearer <METRICS_TOKEN>" }
    : { status: 404, detail: "No route for GET /metrics" };
}

/**
 * The latency histogram of every request (labelled by the route's pattern, never the raw URL:
 * ids would make a series per user) and GET /metrics.
 */
export function registerMetrics(app: FastifyInstance): void {
  const { config, database } = app.deps;
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "(no route)";
    if (UNTIMED.has(route)) return;
    httpDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const refused = refusal(
      isLocalSandboxClient(request),
      request.headers.authorization,
      config.metricsToken,
    );
    if (refused) return reply.code(refused.status).send({ detail: refused.detail });
    const { contentType, body } = await renderMetrics(database.raw);
    return reply.header("cache-control", "no-store").type(contentType).send(body);
  });
}

/**
 * A worker process serves no API; with METRICS_PORT it answers GET /metrics (and nothing else)
 * on that port, under the same rule: loopback without forwarding, or the token.
 */
export function serveWorkerMetrics(
  raw: RawSql,
  options: { port: number; host: string; token?: string },
): Promise<Server> {
  const server = createServer((request, response) => {
    void answer(request).then(({ status, type, body }) => {
      response.writeHead(status, { "content-type": type, "cache-control": "no-store" });
      response.end(body);
    });
  });
  async function answer(request: IncomingMessage) {
    const json = (status: number, detail: string) => ({
      status,
      type: "application/json; charset=utf-8",
      body: JSON.stringify({ detail }),
    });
    const path = (request.url ?? "/").split("?")[0];
    if (request.method !== "GET" || path !== "/metrics") {
      return json(404, `No route for ${request.method} ${path}`);
    }
    const forwarded = ["x-forwarded-for", "forwarded", "x-real-ip"].some(
      (name) => request.headers[name] !== undefined,
    );
    const local = isLoopbackHost(request.socket.remoteAddress ?? "") && !forwarded;
    const refused = refusal(local, request.headers.authorization, options.token);
    if (refused) return json(refused.status, refused.detail);
    try {
      const { contentType, body } = await renderMetrics(raw);
      return { status: 200, type: contentType, body };
    } catch {
      return json(503, "Metrics are unavailable: the database did not answer");
    }
  }
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve(server));
  });
}
