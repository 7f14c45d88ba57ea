import multipart from "@fastify/multipart";
import { ContactImportResponse, StudentImportResponse } from "@reachout/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError, badRequest } from "../../http/errors";
import { importContactsCsv } from "./csv-import";
import { forgetDirectoryStats } from "./directory";
import { importStudentContacts } from "./students";

/** A CSV of a few hundred thousand people; bigger loads use `npm run seed:contacts` or SQL. */
const MAX_CSV_BYTES = 50 * 1024 * 1024;
const security = [{ bearer: [] }];

/** Admin-only (ADMIN_EMAILS, checked by the server): loading people into the global database. */
export const adminContactRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered in this plugin only: no other contacts route accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: MAX_CSV_BYTES, files: 1, fields: 5 } });
  app.addHook("preValidation", app.requireAdmin);

  app.post(
    "/admin/contacts/import",
    {
      bodyLimit: MAX_CSV_BYTES,
      schema: {
        tags: ["admin"],
        security,
        consumes: ["multipart/form-data"],
        response: { 200: ContactImportResponse },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest("Upload the CSV as multipart/form-data.");
      const file = await request.file();
      if (!file) throw badRequest("Attach the CSV file.");
      const bytes = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === "FST_REQ_FILE_TOO_LARGE") {
          throw new AppError(413, "The CSV file is larger than 50 MB.");
        }
        throw error;
      });
      if (bytes.includes(0)) throw new AppError(415, "The file is not a CSV text file.");
      const result = await importContactsCsv(app.deps.database.db, bytes.toString("utf8"));
      forgetDirectoryStats(app.deps.database);
      return result;
    },
  );

  app.post(
    "/scrape-linkedin-students",
    { schema: { tags: ["admin"], security, response: { 200: StudentImportResponse } } },
    async () => importStudentContacts(app.deps),
  );
};
