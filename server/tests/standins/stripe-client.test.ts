import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { stripeClient } from "../../src/integrations/stripe";
import { useTestApp } from "../helpers";

/**
 * The Stripe stand-in driven by Stripe's own client (the `stripe` package the app uses): it
 * refuses what Stripe refuses, with Stripe's error shape, so a typo in the app's calls fails
 * here as it would in production.
 */
const t = useTestApp();

async function stripeError(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error("the call succeeded");
}

describe("the Stripe stand-in through the stripe client", () => {
  it("answers an unknown route with 404 and Stripe's error shape", async () => {
    const error = await stripeError(
      stripeClient(t.deps.config).rawRequest("GET", "/v1/unknown_things", {}),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.statusCode).toBe(404);
    expect(error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/unknown_things\)/);
    const raw = await fetch(`${t.baseUrl}/__sandbox/stripe/v1/unknown_things`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.deps.config.stripe.secretKey}` },
    });
    expect(raw.status).toBe(404);
    expect((await raw.json()).error).toMatchObject({ type: "invalid_request_error" });
  });

  it("answers an unknown parameter, top-level or nested, with 400 naming it", async () => {
    const stripe = stripeClient(t.deps.config);
    const top = await stripeError(
      stripe.customers.create({ email: "ada@uni.example", nickname: "Ada" } as never),
    );
    expect(top.statusCode).toBe(400);
    expect(top).toMatchObject({ code: "parameter_unknown", param: "nickname" });
    expect(top.message).toBe("Received unknown parameter: nickname");

    const nested = await stripeError(
      stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ pricee: t.deps.config.stripe.prices.gold, quantity: 1 } as never],
        success_url: `${t.baseUrl}/account`,
      }),
    );
    expect(nested.statusCode).toBe(400);
    expect(nested.param).toBe("line_items[0][pricee]");

    const query = await stripeError(
      stripe.prices.retrieve(t.deps.config.stripe.prices.gold, { colour: "blue" } as never),
    );
    expect(query.statusCode).toBe(400);
    expect(query.param).toBe("colour");
  });

  it("answers a reused idempotency key with other parameters with 400", async () => {
    const stripe = stripeClient(t.deps.config);
    const key = `reachout-test-${Date.now()}`;
    const first = await stripe.customers.create(
      { email: "one@uni.example" },
      { idempotencyKey: key },
    );
    const again = await stripe.customers.create(
      { email: "one@uni.example" },
      { idempotencyKey: key },
    );
    expect(again.id).toBe(first.id);
    const error = await stripeError(
      stripe.customers.create({ email: "two@uni.example" }, { idempotencyKey: key }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/can only be used with the same parameters/);
  });

  it("answers an unknown object with 404 resource_missing and a bad key with 401", async () => {
    const stripe = stripeClient(t.deps.config);
    const missing = await stripeError(stripe.subscriptions.retrieve("sub_does_not_exist"));
    expect(missing.statusCode).toBe(404);
    expect(missing.code).toBe("resource_missing");
    const response = await fetch(`${t.baseUrl}/__sandbox/stripe/v1/customers`, {
      method: "POST",
      headers: { authorization: "Bearer pk_test_wrong_kind_of_key" },
    });
    expect(response.status).toBe(401);
    expect((await response.json()).error.type).toBe("authentication_error");
  });
});
