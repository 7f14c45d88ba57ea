import {
  OPT_OUT_MESSAGES,
  OptOutConfirmRequest,
  OptOutRequest,
  OptOutResponse,
  SendingStatus,
} from "@reachout/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../http/auth";
import { publicFormLimit } from "../../http/rate-limit";
import { resumeAutomatedSending } from "../auth";
import { confirmOptOut, requestOptOut } from "./opt-out";
import { readSendingStatus } from "./status";

export const deliverabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = publicFormLimit(app.deps.config);

  app.post(
    "/opt-out",
    {
      config: limited,
      schema: { tags: ["public"], body: OptOutRequest, response: { 202: OptOutResponse } },
    },
    async (request, reply) => {
      await requestOptOut(app.deps, request.body.email);
      return reply.code(202).send({ message: OPT_OUT_MESSAGES.requested });
    },
  );

  app.post(
    "/opt-out/confirm",
    {
      config: limited,
      schema: { tags: ["public"], body: OptOutConfirmRequest, response: { 200: OptOutResponse } },
    },
    async (request) => {
      await confirmOptOut(app.deps, request.body.token);
      return { message: OPT_OUT_MESSAGES.confirmed };
    },
  );

  app.get(
    "/deliverability/status",
    {
      preHandler: app.requireUser,
      schema: { tags: ["emails"], response: { 200: SendingStatus } },
    },
    async (request) => readSendingStatus(app.deps, currentUser(request).id),
  );

  app.post(
    "/deliverability/resume",
    {
      preHandler: app.requireUser,
      schema: { tags: ["emails"], response: { 200: SendingStatus } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await resumeAutomatedSending(app.deps.database.db, userId);
      return readSendingStatus(app.deps, userId);
    },
  );
};
