import type { FastifyPluginAsync } from "fastify";
import { badRequest } from "../../http/errors";
import { type Stripe, verifyStripeEvent } from "../../integrations/stripe";
import { handleStripeEvent } from "./webhook";

/**
 * POST /api/stripe/webhook. Registered in its own plugin so that only this route reads the
 * body as raw bytes: the signature covers the exact bytes Stripe sent.
 */
export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 1_048_576 }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    "/stripe/webhook",
    {
      // Stripe may deliver bursts (and retries); a signed request is cheap to reject.
      config: { rateLimit: false },
      schema: { hide: true },
    },
    async (request) => {
      const signature = request.headers["stripe-signature"];
      if (typeof signature !== "string" || !Buffer.isBuffer(request.body)) {
        throw badRequest("Missing Stripe signature");
      }
      let event: Stripe.Event;
      try {
        event = verifyStripeEvent(app.deps.config, request.body, signature);
      } catch {
        throw badRequest("Invalid Stripe signature");
      }
      const outcome = await handleStripeEvent(app.deps, request.log, event);
      return { received: true, outcome };
    },
  );
};
