import {
  ContactInfoResponse,
  MESSAGES,
  NewsletterRequest,
  SubscribedResponse,
  WaitlistRequest,
} from "@reachout/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicFormLimit } from "../../http/rate-limit";
import { joinWaitlist, readContactInfo, subscribeNewsletter } from "./service";

export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = publicFormLimit(app.deps.config);
  app.post(
    "/waitlist",
    {
      config: limited,
      schema: { tags: ["public"], body: WaitlistRequest, response: { 201: SubscribedResponse } },
    },
    async (request, reply) => {
      await joinWaitlist(app.deps, request.body);
      return reply.code(201).send({ message: MESSAGES.waitlist.success });
    },
  );
  app.get(
    "/public/contact-info",
    { schema: { tags: ["public"], response: { 200: ContactInfoResponse } } },
    async () => readContactInfo(app.deps),
  );
  app.post(
    "/newsletter",
    {
      config: limited,
      schema: { tags: ["public"], body: NewsletterRequest, response: { 201: SubscribedResponse } },
    },
    async (request, reply) => {
      await subscribeNewsletter(app.deps, request.body.email);
      return reply.code(201).send({ message: MESSAGES.newsletter.success });
    },
  );
};
