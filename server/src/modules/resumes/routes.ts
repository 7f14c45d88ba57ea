import multipart from "@fastify/multipart";
import {
  LIMITS,
  ResumeFacts,
  ResumeFactsResponse,
  ResumeFileParams,
  ResumeFileQuery,
  ResumeLinkResponse,
} from "@reachout/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bearerToken, currentUser, resolveUser } from "../../http/auth";
import { perUserLimit } from "../../http/rate-limit";
import { clearResumeCorrections, correctResumeFacts, getResumeFacts } from "./facts-store";
import { getLatestResumeLink, readResumeFile, uploadResume } from "./service";
import { readUploadedResume } from "./upload";

export const resumeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, not globally: only this plugin accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: LIMITS.resumeMaxBytes, files: 1, fields: 10, parts: 11 },
  });
  const security = [{ bearer: [] }];
  const { database, config } = app.deps;

  app.post(
    "/resumes/upload",
    {
      preHandler: app.requireUser,
      // Per session: parsing documents costs CPU; the global per-IP limit still applies.
      config: perUserLimit(20),
      schema: {
        tags: ["resumes"],
        security,
        description:
          "multipart/form-data with one file in the field `resume`: .pdf, .doc or .docx, at most 5 MB",
        consumes: ["multipart/form-data"],
        response: { 200: ResumeLinkResponse },
      },
    },
    async (request) => {
      const file = await readUploadedResume(request);
      return uploadResume(database.db, config, currentUser(request).id, file);
    },
  );

  app.get(
    "/resumes/latest",
    {
      preHandler: app.requireUser,
      schema: { tags: ["resumes"], security, response: { 200: ResumeLinkResponse } },
    },
    async (request) => getLatestResumeLink(database.db, config, currentUser(request).id),
  );

  app.get(
    "/resumes/:id/file",
    { schema: { tags: ["resumes"], params: ResumeFileParams, querystring: ResumeFileQuery } },
    async (request, reply) => {
      const token = bearerToken(request);
      const viewer = token ? await resolveUser(database.db, config, token) : null;
      const file = await readResumeFile(database.db, config, {
        resumeId: request.params.id,
        viewerId: viewer?.id ?? null,
        query: request.query,
      });
      const ascii = file.filename.replace(/[^\x20-\x7e]/g, "_");
      return reply
        .header("content-type", file.mimeType)
        .header(
          "content-disposition",
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        )
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .send(file.data);
    },
  );

  app.get(
    "/resumes/facts",
    {
      preHandler: app.requireUser,
      schema: { tags: ["resumes"], security, response: { 200: ResumeFactsResponse } },
    },
    async (request) => getResumeFacts(database.db, currentUser(request).id),
  );

  app.put(
    "/resumes/facts",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["resumes"],
        security,
        description: "The student's corrections; they win over re-parsing until cleared.",
        body: ResumeFacts,
        response: { 200: ResumeFactsResponse },
      },
    },
    async (request) => correctResumeFacts(database.db, currentUser(request).id, request.body),
  );

  app.delete(
    "/resumes/facts/corrections",
    {
      preHandler: app.requireUser,
      schema: { tags: ["resumes"], security, response: { 200: ResumeFactsResponse } },
    },
    async (request) => clearResumeCorrections(database.db, currentUser(request).id),
  );
};
