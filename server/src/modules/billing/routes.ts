import {
  BillingInfo,
  CheckoutSessionResponse,
  CreateCheckoutSessionRequest,
  CreditHistoryQuery,
  CreditHistoryResponse,
  PlansResponse,
} from "@reachout/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../http/auth";
import { createCheckoutSession } from "./checkout";
import { getBillingInfo, listCreditHistory } from "./info";
import { listPlans } from "./plans";
import { stripeWebhookRoutes } from "./webhook-routes";

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  app.get("/plans", { schema: { tags: ["billing"], response: { 200: PlansResponse } } }, async () =>
    listPlans(app.deps.config),
  );
  app.post(
    "/create-checkout-session",
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags: ["billing"],
        security,
        body: CreateCheckoutSessionRequest,
        response: { 200: CheckoutSessionResponse },
      },
    },
    async (request) =>
      createCheckoutSession(app.deps, request.log, currentUser(request).id, request.body),
  );
  app.get(
    "/billinginfo",
    {
      preHandler: app.requireUser,
      schema: { tags: ["billing"], security, response: { 200: BillingInfo } },
    },
    async (request) => getBillingInfo(app.deps, request.log, currentUser(request).id),
  );
  app.get(
    "/credits/history",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["billing"],
        security,
        querystring: CreditHistoryQuery,
        response: { 200: CreditHistoryResponse },
      },
    },
    async (request) => listCreditHistory(app.deps, currentUser(request).id, request.query),
  );
  await app.register(stripeWebhookRoutes);
};
