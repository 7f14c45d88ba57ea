import {
  EnrollmentDetail,
  EnrollmentStepParams,
  EnrollmentsResponse,
  EnrollRequest,
  EnrollResponse,
  FollowUpRemindersResponse,
  IdParam,
  SaveSequenceRequest,
  Sequence,
  SequencesResponse,
  UpdateEnrollmentStepRequest,
} from "@reachout/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../http/auth";
import { writingBudget } from "../../http/rate-limit";
import {
  getEnrollment,
  listEnrollments,
  listSequenceEnrollments,
  pauseEnrollment,
  resumeEnrollment,
  stopEnrollment,
  updateEnrollmentStep,
} from "./control";
import { enrollContacts } from "./enroll";
import { enrollCopied, listFollowUpReminders, markReminderSent } from "./reminders";
import {
  createSequence,
  deleteSequence,
  getSequence,
  listSequences,
  updateSequence,
} from "./sequences";

const security = [{ bearer: [] }];
/** Enrolling writes follow-ups and queues sends from the student's Gmail. */
const enrollLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };

export const sequenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["sequences"];
  const auth = { preHandler: app.requireUser };
  const db = () => app.deps.database.db;

  app.get(
    "/sequences",
    { ...auth, schema: { tags, security, response: { 200: SequencesResponse } } },
    async (request) => listSequences(db(), currentUser(request).id),
  );

  app.post(
    "/sequences",
    {
      ...auth,
      schema: { tags, security, body: SaveSequenceRequest, response: { 201: Sequence } },
    },
    async (request, reply) =>
      reply.code(201).send(await createSequence(db(), currentUser(request).id, request.body)),
  );

  app.get(
    "/sequences/:id",
    { ...auth, schema: { tags, security, params: IdParam, response: { 200: Sequence } } },
    async (request) => getSequence(db(), currentUser(request).id, request.params.id),
  );

  app.put(
    "/sequences/:id",
    {
      ...auth,
      schema: {
        tags,
        security,
        params: IdParam,
        body: SaveSequenceRequest,
        response: { 200: Sequence },
      },
    },
    async (request) =>
      updateSequence(db(), currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    "/sequences/:id",
    { ...auth, schema: { tags, security, params: IdParam, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteSequence(db(), currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/sequences/:id/enroll",
    {
      ...auth,
      // Enrolling writes the follow-ups: the person's one writing budget.
      config: writingBudget(),
      schema: {
        tags,
        security,
        params: IdParam,
        body: EnrollRequest,
        response: { 200: EnrollResponse },
      },
    },
    async (request) => {
      const { copied_key: copiedKey } = request.body;
      const userId = currentUser(request).id;
      return copiedKey
        ? enrollCopied(
            app.deps,
            userId,
            request.params.id,
            { ...request.body, copied_key: copiedKey },
            request.log,
          )
        : enrollContacts(app.deps, userId, request.params.id, request.body, request.log);
    },
  );

  app.get(
    "/sequences/reminders",
    { ...auth, schema: { tags, security, response: { 200: FollowUpRemindersResponse } } },
    async (request) =>
      listFollowUpReminders(app.deps, currentUser(request).id, new Date(), request.log),
  );

  app.get(
    "/sequences/:id/enrollments",
    {
      ...auth,
      schema: { tags, security, params: IdParam, response: { 200: EnrollmentsResponse } },
    },
    async (request) => listSequenceEnrollments(db(), currentUser(request).id, request.params.id),
  );

  app.get(
    "/enrollments",
    { ...auth, schema: { tags, security, response: { 200: EnrollmentsResponse } } },
    async (request) => listEnrollments(db(), currentUser(request).id),
  );

  app.get(
    "/enrollments/:id",
    { ...auth, schema: { tags, security, params: IdParam, response: { 200: EnrollmentDetail } } },
    async (request) => getEnrollment(db(), currentUser(request).id, request.params.id),
  );

  app.put(
    "/enrollments/:id/steps/:position",
    {
      ...auth,
      schema: {
        tags,
        security,
        params: EnrollmentStepParams,
        body: UpdateEnrollmentStepRequest,
        response: { 200: EnrollmentDetail },
      },
    },
    async (request) =>
      updateEnrollmentStep(
        db(),
        currentUser(request).id,
        request.params.id,
        request.params.position,
        request.body.body,
      ),
  );

  const control = {
    ...auth,
    schema: { tags, security, params: IdParam, response: { 200: EnrollmentDetail } },
  };
  app.post("/enrollments/:id/stop", control, async (request) =>
    stopEnrollment(db(), currentUser(request).id, request.params.id),
  );
  app.post("/enrollments/:id/pause", control, async (request) =>
    pauseEnrollment(db(), currentUser(request).id, request.params.id),
  );
  app.post("/enrollments/:id/resume", control, async (request) =>
    resumeEnrollment(app.deps, currentUser(request).id, request.params.id),
  );
  app.post(
    "/enrollments/:id/steps/:position/sent",
    {
      ...auth,
      config: enrollLimit,
      schema: {
        tags,
        security,
        params: EnrollmentStepParams,
        response: { 200: EnrollmentDetail },
      },
    },
    async (request) =>
      markReminderSent(
        app.deps,
        currentUser(request).id,
        request.params.id,
        request.params.position,
      ),
  );
};
