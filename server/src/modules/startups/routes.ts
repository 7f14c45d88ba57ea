import {
  ErrorResponse,
  FounderStatusesResponse,
  GeneratedStartupEmail,
  GenerateStartupEmailRequest,
  LookupFounderEmailRequest,
  LookupFounderEmailResponse,
  ScheduleStartupEmailRequest,
  SendStartupEmailRequest,
  StartupAccessGrantRequest,
  StartupAccessGrantResponse,
  StartupAccessResponse,
  StartupEmailResponse,
  StartupImportResponse,
  StartupsResponse,
} from "@reachout/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../http/auth";
import { acceptedEncoding } from "../../http/compress";
import { badRequest } from "../../http/errors";
import { writingBudget } from "../../http/rate-limit";
import { hasStartupAccess, setStartupAccess } from "./access";
import { generateFounderEmail, lookupFounderEmail } from "./compose";
import { scheduleFounderEmail, sendFounderEmail } from "./deliver";
import { DIRECTORY_CACHE_CONTROL, startupDirectorySnapshot } from "./directory";
import { importStartupCsv } from "./import";
import { listFounderStatuses } from "./outreach";

const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
};
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: "1 minute" } });

export const startupRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const tags = ["startups"];
  const secured = { tags, security: [{ bearer: [] }] };

  // Admin CSV import: the raw export is the body (text/csv), up to 20 MB.
  app.addContentTypeParser(
    ["text/csv", "application/csv"],
    { parseAs: "string", bodyLimit: IMPORT_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.get(
    "/startups",
    {
      schema: {
        tags,
        summary: "Every startup with its founders (public; never founders' email addresses)",
        response: { 200: StartupsResponse },
      },
    },
    async (request, typedReply) => {
      // The JSON is built once per TTL and sent as is (a string skips the serializer), so the
      // typed reply, which expects the parsed array, is widened here.
      const reply = typedReply as unknown as FastifyReply;
      const snapshot = await startupDirectorySnapshot(db());
      reply
        .header("cache-control", DIRECTORY_CACHE_CONTROL)
        .header("etag", snapshot.etag)
        .header("vary", "accept-encoding");
      if (request.headers["if-none-match"] === snapshot.etag) return reply.code(304).send();
      reply.type("application/json; charset=utf-8");
      const encoding = acceptedEncoding(request);
      if (!encoding) return reply.send(snapshot.json);
      return reply
        .header("content-encoding", encoding)
        .send(encoding === "br" ? snapshot.brotli : snapshot.gzipped);
    },
  );

  app.get(
    "/startups/access",
    {
      preHandler: app.requireUser,
      schema: { ...secured, response: { 200: StartupAccessResponse, ...errors } },
    },
    async (request) => ({ has_access: await hasStartupAccess(db(), currentUser(request)) }),
  );

  app.get(
    "/startups/outreach",
    {
      preHandler: app.requireUser,
      schema: {
        ...secured,
        summary: "The caller's outreach status per founder (founders not listed are Uncontacted)",
        response: { 200: FounderStatusesResponse, ...errors },
      },
    },
    async (request) => listFounderStatuses(db(), currentUser(request).id),
  );

  app.post(
    "/startups/lookup_email",
    {
      preHandler: app.requireUser,
      config: perMinute(60),
      schema: {
        ...secured,
        body: LookupFounderEmailRequest,
        response: { 200: LookupFounderEmailResponse, ...errors },
      },
    },
    async (request) => lookupFounderEmail(db(), currentUser(request), request.body),
  );

  app.post(
    "/startups/generate_email",
    {
      preHandler: app.requireUser,
      // The writer writes it: the person's one writing budget, shared with /emails/generate.
      config: writingBudget(),
      schema: {
        ...secured,
        body: GenerateStartupEmailRequest,
        response: { 200: GeneratedStartupEmail, ...errors },
      },
    },
    async (request) => generateFounderEmail(app.deps, currentUser(request), request.body),
  );

  app.post(
    "/startups/send_email",
    {
      preHandler: app.requireUser,
      config: perMinute(20),
      schema: {
        ...secured,
        body: SendStartupEmailRequest,
        response: { 200: StartupEmailResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request) => sendFounderEmail(app.deps, currentUser(request), request.body),
  );

  app.post(
    "/startups/schedule_send",
    {
      preHandler: app.requireUser,
      config: perMinute(30),
      schema: {
        ...secured,
        body: ScheduleStartupEmailRequest,
        response: { 201: StartupEmailResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await scheduleFounderEmail(app.deps, currentUser(request), request.body)),
  );

  app.post(
    "/admin/startups/import",
    {
      preHandler: app.requireAdmin,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        ...secured,
        tags: ["admin"],
        summary: "Import a startup-data CSV export (text/csv body)",
        response: { 200: StartupImportResponse, 413: ErrorResponse, 415: ErrorResponse, ...errors },
      },
    },
    async (request) => {
      if (typeof request.body !== "string") {
        throw badRequest("Send the CSV file as the request body with Content-Type: text/csv.");
      }
      return importStartupCsv(db(), request.body);
    },
  );

  app.post(
    "/admin/startups/access",
    {
      preHandler: app.requireAdmin,
      schema: {
        ...secured,
        tags: ["admin"],
        summary: "Grant or withdraw early access to the founder directory for an address",
        body: StartupAccessGrantRequest,
        response: { 200: StartupAccessGrantResponse, ...errors },
      },
    },
    async (request) => setStartupAccess(db(), request.body.email, request.body.has_access),
  );
};
