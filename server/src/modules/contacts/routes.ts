import { PassThrough } from "node:stream";
import multipart from "@fastify/multipart";
import {
  ContactSearchQuery,
  ContactSearchResponse,
  CreditsRemainingResponse,
  DirectoryCount,
  DirectoryQuery,
  DirectoryResponse,
  DirectoryStats,
  NetworkContact,
  NetworkIdParam,
  NetworkPageQuery,
  NetworkPageResponse,
  OWN_CONTACTS_IMPORT_MAX_BYTES,
  OwnContactInput,
  type OwnContactsImportEvent,
  OwnContactsImportResponse,
  SaveDirectoryContactRequest,
} from "@reachout/contract";
import { ContactColumnsMapping } from "@reachout/contract/contact-files";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../http/auth";
import { AppError, badRequest } from "../../http/errors";
import { perUserLimit } from "../../http/rate-limit";
import { adminContactRoutes } from "./admin-routes";
import {
  countDirectoryContacts,
  getDirectoryStats,
  listDirectoryContacts,
  saveDirectoryContact,
} from "./directory";
import { getNetworkContact } from "./network";
import { listNetworkContactsCached, type NetworkPage } from "./network-list";
import {
  addOwnContact,
  importOwnContacts,
  readOwnContactsFile,
  revealMatchedEmail,
} from "./own-contacts";
import { searchContacts } from "./search";
import { requestWarmOrder } from "./warm-order";

const security = [{ bearer: [] }];

/** A search may call Apollo or an LLM and spends credits: limited per session. */
const searchLimit = perUserLimit(30);

const userContactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const db = database.db;
  app.addHook("preValidation", app.requireUser);

  /** A route of the Directory (the spec's /global-contacts paths): its schema. */
  const directory = <Schema extends object>(schema: Schema) => ({
    schema: { tags: ["contacts"], security, ...schema },
  });
  app.get(
    "/global-contacts/stats",
    directory({ response: { 200: DirectoryStats } }),
    async (request) => getDirectoryStats(database, currentUser(request).id),
  );
  app.get(
    "/global-contacts/all",
    directory({ querystring: DirectoryQuery, response: { 200: DirectoryResponse } }),
    async (request) =>
      listDirectoryContacts(db, currentUser(request).id, request.query, {
        requestWarmOrder: (userId) => requestWarmOrder(app.deps, userId),
      }),
  );
  app.get(
    "/global-contacts/count",
    directory({ querystring: DirectoryQuery, response: { 200: DirectoryCount } }),
    async (request) => countDirectoryContacts(db, currentUser(request).id, request.query),
  );
  app.post(
    "/global-contacts/save",
    directory({ body: SaveDirectoryContactRequest, response: { 200: CreditsRemainingResponse } }),
    async (request) => saveDirectoryContact(db, currentUser(request).id, request.body),
  );

  app.get(
    "/my-network/search",
    {
      config: searchLimit,
      schema: {
        tags: ["network"],
        security,
        querystring: ContactSearchQuery,
        response: { 200: ContactSearchResponse },
      },
    },
    async (request) => searchContacts(app.deps, currentUser(request), request.query),
  );

  const revalidation =
    "Each answer has an ETag; with If-None-Match naming it, an unchanged list answers 304 (no body) for up to 60 s after it was computed (ADR 034).";
  const page = {
    tags: ["network"],
    security,
    description: revalidation,
    querystring: NetworkPageQuery,
    response: { 200: NetworkPageResponse },
  };
  /**
   * The list with its ETag: 304 while the client's copy is still what it would answer (the
   * browser revalidates every time: private, no-cache).
   */
  const answerList = async (request: FastifyRequest, reply: FastifyReply, wanted: NetworkPage) => {
    const answer = await listNetworkContactsCached(
      db,
      currentUser(request).id,
      wanted,
      request.headers["if-none-match"],
    );
    reply
      .header("etag", answer.etag)
      .header("cache-control", "private, no-cache")
      .header("vary", "authorization");
    if (answer.notModified) return reply.code(304).send();
    return answer.page;
  };
  app.get("/my-network/mine", { schema: page }, async (request, reply) => {
    const { limit, offset, after, initial_load } = request.query;
    // initial_load is the first batch whatever else is asked.
    return answerList(
      request,
      reply,
      initial_load ? { limit, offset: 0 } : { limit, offset, after },
    );
  });
  app.get("/my-network/mine/load-more", { schema: page }, async (request, reply) => {
    const { limit, offset, after } = request.query;
    return answerList(request, reply, { limit, offset, after });
  });
  const all = {
    tags: ["network"],
    security,
    description: revalidation,
    response: { 200: NetworkPageResponse },
  };
  app.get("/my-network/mine/all", { schema: all }, async (request, reply) =>
    answerList(request, reply, {}),
  );
  app.get("/contacts/mine", { schema: all }, async (request, reply) =>
    answerList(request, reply, {}),
  );
  app.get(
    "/my-network/contacts/:id",
    {
      schema: {
        tags: ["network"],
        security,
        params: NetworkIdParam,
        response: { 200: NetworkContact },
      },
    },
    async (request) => getNetworkContact(db, currentUser(request).id, request.params.id),
  );
};

const NO_CSV = "Attach the contacts file in the field named file.";
const CSV_TOO_LARGE = `The file is larger than ${OWN_CONTACTS_IMPORT_MAX_BYTES / 1024 / 1024} MB.`;

/**
 * The user's own contacts: one added by hand, or an export of them (multipart: `file`, and
 * `mapping` for a CSV no export format was recognised in).
 */
const ownContactRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered in this plugin only: the import is its only multipart body.
  await app.register(multipart, {
    limits: { fileSize: OWN_CONTACTS_IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 },
  });
  const db = app.deps.database.db;
  app.addHook("preValidation", app.requireUser);

  app.post(
    "/my-network/contacts",
    {
      config: perUserLimit(60),
      schema: {
        tags: ["network"],
        security,
        body: OwnContactInput,
        response: { 201: NetworkContact },
      },
    },
    async (request, reply) => {
      const contact = await addOwnContact(db, currentUser(request).id, request.body);
      return reply.code(201).send(contact);
    },
  );

  app.post(
    "/my-network/contacts/:id/reveal-email",
    {
      config: perUserLimit(60),
      schema: {
        tags: ["network"],
        security,
        description:
          "Reveals the address of an imported contact the directory matched (email_available): 1 credit, like a directory save",
        params: NetworkIdParam,
        response: { 200: NetworkContact },
      },
    },
    async (request) => revealMatchedEmail(db, currentUser(request).id, request.params.id),
  );

  app.post(
    "/my-network/import",
    {
      // Parsing and storing thousands of rows costs CPU: a few imports a minute per person.
      config: perUserLimit(10),
      bodyLimit: OWN_CONTACTS_IMPORT_MAX_BYTES + 64 * 1024,
      schema: {
        tags: ["network"],
        security,
        description:
          "multipart/form-data: the export in the field `file` (LinkedIn Connections.csv, Google or Outlook CSV, a .vcf; UTF-8, UTF-16 or Windows-1252) and, only for another CSV, in the field `mapping` a JSON object naming the column(s) of full_name (a list is joined with spaces) and the column of email, title, company, location and linkedin. With `Accept: application/x-ndjson` the answer is a stream of lines: {progress: {done, total}} after each batch, then {result} or {error: {status, detail}}.",
        consumes: ["multipart/form-data"],
        response: { 200: OwnContactsImportResponse },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(NO_CSV);
      let bytes: Buffer | undefined;
      let fileName = "";
      let mappingText: string | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === "file") {
            if (part.fieldname !== "file") throw badRequest(NO_CSV);
            fileName = part.filename ?? "";
            bytes = await part.toBuffer();
          } else if (part.fieldname === "mapping") {
            mappingText = String(part.value);
          }
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
          throw new AppError(413, CSV_TOO_LARGE);
        }
        throw badRequest("The upload could not be read. Please try again.");
      }
      if (!bytes) throw badRequest(NO_CSV);
      let mapping: ContactColumnsMapping | null = null;
      if (mappingText !== undefined && mappingText !== "" && mappingText !== "null") {
        let mappingJson: unknown;
        try {
          mappingJson = JSON.parse(mappingText);
        } catch {
          throw badRequest("Map the CSV's columns: the field mapping must be a JSON object.");
        }
        const parsed = ContactColumnsMapping.safeParse(mappingJson);
        if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
        mapping = mappingJson as ContactColumnsMapping;
      }
      const userId = currentUser(request).id;
      // Refusals of the file itself answer at once, before any stream starts.
      const reading = readOwnContactsFile(new Uint8Array(bytes), fileName, mapping);
      if (!request.headers.accept?.includes("application/x-ndjson")) {
        return importOwnContacts(db, userId, reading);
      }
      const stream = new PassThrough();
      const line = (event: OwnContactsImportEvent) => stream.write(`${JSON.stringify(event)}\n`);
      void importOwnContacts(db, userId, reading, (done, total) =>
        line({ progress: { done, total } }),
      )
        .then((result) => line({ result }))
        .catch((error: unknown) => {
          const known = error instanceof AppError;
          if (!known) request.log.error({ err: error }, "contact import failed");
          line({
            error: {
              status: known ? error.status : 500,
              detail: known
                ? error.detail
                : "The import stopped. Whole batches may have been saved: import the file again to add the rest (nobody is doubled).",
            },
          });
        })
        .finally(() => stream.end());
      return reply
        .type("application/x-ndjson")
        .header("cache-control", "no-store")
        .send(stream as never);
    },
  );
};

/** The global database, contact search and My Network (signed-in users), plus the admin loads. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(userContactRoutes);
  await app.register(ownContactRoutes);
  await app.register(adminContactRoutes);
};
