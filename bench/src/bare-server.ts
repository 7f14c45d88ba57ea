/**
 * The baseline: a bare Fastify instance calling the same service functions as the real routes,
 * on the same database, without authentication, helmet, rate limits, request validation or
 * response schemas (large JSON answers are compressed as the app does). The user comes from an `x-user-id` header. Each endpoint's throughput is
 * reported as a ratio of this one, so the figures measure the app's overhead, not the machine.
 * Started by the bench with the app server's environment and its own PORT.
 */
import Fastify, { type FastifyRequest } from "fastify";
import { loadConfig } from "../../server/src/config";
import { openConfiguredDatabase } from "../../server/src/db/client";
import type { AppDeps } from "../../server/src/deps";
import { registerCompression } from "../../server/src/http/compress";
import { startBoss } from "../../server/src/jobs/boss";
import { logIn } from "../../server/src/modules/auth/login";
import { listDirectoryContacts } from "../../server/src/modules/contacts/directory";
import {
  listNetworkContacts,
  listNetworkContactsCached,
} from "../../server/src/modules/contacts/network-list";
import { searchContacts } from "../../server/src/modules/contacts/search";
import { getConversation } from "../../server/src/modules/emails/conversation";
import { startupDirectorySnapshot } from "../../server/src/modules/startups/directory";

const config = loadConfig();
const database = await openConfiguredDatabase(config);
// Opening a conversation asks for a reply sync: the queue must exist, no worker runs here.
const boss = await startBoss(database, config);
const deps: AppDeps = {
  config,
  database,
  boss,
  mailer: {
    send: async () => {
      throw new Error("the bare server sends no email");
    },
  },
  version: "bench",
};
const db = database.db;

type Query = Record<string, string | undefined>;
const userOf = (request: FastifyRequest) => String(request.headers["x-user-id"]);
const query = (request: FastifyRequest) => request.query as Query;
const numberOr = (value: string | undefined, fallback: number) =>
  value === undefined ? fallback : Number(value);

const app = Fastify({ logger: false });
// The same bytes as the real routes answer: compression is part of the answer, not overhead.
registerCompression(app);

app.get("/bare/ready", async () => ({ ok: true }));

app.post("/bare/login", async (request) =>
  logIn(deps, request.body as { email: string; password: string }),
);

app.get("/bare/mine", async (request) => {
  const q = query(request);
  return listNetworkContacts(db, userOf(request), {
    limit: numberOr(q.limit, 1000),
    offset: numberOr(q.offset, 0),
  });
});

// The revalidation of an unchanged first batch (`limit` records, as the app's initial_load asks):
// the same ETag check, 304 without the batch.
app.get("/bare/mine-revalidated", async (request, reply) => {
  const answer = await listNetworkContactsCached(
    db,
    userOf(request),
    { limit: numberOr(query(request).limit, 1000), offset: 0 },
    request.headers["if-none-match"],
  );
  reply.header("etag", answer.etag);
  if (answer.notModified) return reply.code(304).send();
  return answer.page;
});

app.get("/bare/global", async (request) => {
  const q = query(request);
  return listDirectoryContacts(db, userOf(request), {
    limit: numberOr(q.limit, 1000),
    offset: numberOr(q.offset, 0),
    show_all: q.show_all === "true",
    organization: q.organization,
    position: q.position,
    education: q.education,
    industry: q.industry as never,
    interests: q.interests,
    location: q.location,
    role: q.role,
    q: q.q,
  });
});

app.get("/bare/search", async (request) => {
  const q = query(request);
  const id = userOf(request);
  return searchContacts(
    deps,
    { id, email: "", isAdmin: false, sessionHash: "" },
    {
      job_title: q.job_title,
      location: q.location,
      num_results: numberOr(q.num_results, 5),
      company: q.company,
      exclude: q.exclude,
      must_be_hiring: q.must_be_hiring === "true",
    },
  );
});

app.get("/bare/thread/:contactId", async (request) =>
  getConversation(deps, userOf(request), (request.params as { contactId: string }).contactId),
);

// The same answer as the real route: the cached JSON, gzipped once per build when accepted.
app.get("/bare/startups", async (request, reply) => {
  const snapshot = await startupDirectorySnapshot(db);
  reply.type("application/json; charset=utf-8");
  if (/\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""))) {
    return reply.header("content-encoding", "gzip").send(snapshot.gzipped);
  }
  return reply.send(snapshot.json);
});

const shutdown = async () => {
  await app.close();
  await boss.stop({ graceful: false, close: true }).catch(() => {});
  await database.close();
  process.exit(0);
};
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());

await app.listen({ port: config.port, host: "127.0.0.1" });
