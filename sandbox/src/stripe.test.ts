import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeSandbox, type StripeSandbox } from "./stripe";
import { decodeStripeForm } from "./stripe-form";

const SECRET = "whsec_unit";

/** A webhook receiver that answers an event type's queued statuses first, then 200. */
let receiver: Server;
const received: Array<{ body: string; signature: string }> = [];
const failures: Record<string, number[]> = {};
let app: FastifyInstance;
let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({ body, signature: String(request.headers["stripe-signature"]) });
      response.statusCode = failures[JSON.parse(body).type]?.shift() ?? 200;
      response.end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const hookPort = (receiver.address() as AddressInfo).port;

  app = Fastify();
  sandbox = createStripeSandbox({
    appUrl: "http://app.example",
    secretKey: "sk_test_unit",
    webhookUrl: `http://127.0.0.1:${hookPort}/hook`,
    webhookSecret: SECRET,
    retryDelaysMs: [30, 60],
  });
  await app.register(sandbox.plugin, { prefix: "/stripe" });
  await app.listen({ port: 0, host: "127.0.0.1" });
  stripe = clientFor("sk_test_unit");
});

/** The official client, pointed at the stand-in (its path prefixed, as the app does). */
function clientFor(key: string, options: Partial<Stripe.StripeConfig> = {}): Stripe {
  const { port } = app.server.address() as AddressInfo;
  const inner = Stripe.createNodeHttpClient();
  return new Stripe(key, {
    host: "127.0.0.1",
    port,
    protocol: "http",
    maxNetworkRetries: 0,
    httpClient: {
      getClientName: () => inner.getClientName(),
      makeRequest: (host, p, path, ...rest) =>
        inner.makeRequest(host, p, `/stripe${path}`, ...rest),
    },
    ...options,
  });
}
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const waitFor = async (check: () => boolean) => {
  const deadline = Date.now() + 3000;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
};

describe("form bodies", () => {
  it("decodes the SDK's bracketed keys into nested objects and arrays", () => {
    expect(
      decodeStripeForm(
        "mode=payment&line_items[0][price_data][unit_amount]=7500&line_items[0][quantity]=1&metadata[plan]=black&expand[]=x",
      ),
    ).toEqual({
      mode: "payment",
      line_items: [{ price_data: { unit_amount: "7500" }, quantity: "1" }],
      metadata: { plan: "black" },
      expand: ["x"],
    });
  });
});

describe("the Stripe stand-in", () => {
  it("answers the SDK with Stripe-shaped objects and Stripe errors", async () => {
    const customer = await stripe.customers.create({ email: "ada@uni.example" });
    expect(customer).toMatchObject({ object: "customer", email: "ada@uni.example" });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: "price_gold_monthly", quantity: 1 }],
      success_url: "http://app.example/account?checkout=success",
    });
    expect(session).toMatchObject({
      object: "checkout.session",
      amount_total: 5000,
      status: "open",
    });
    expect(session.url).toBe(`http://app.example/__sandbox/stripe/checkout/${session.id}`);
    await expect(stripe.subscriptions.retrieve("sub_missing")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 404,
    });
    await expect(
      stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: "price_unknown", quantity: 1 }],
        success_url: "http://app.example/",
      }),
    ).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
  });

  it("refuses a request without a secret key with 401", async () => {
    const response = await app.inject({ method: "POST", url: "/stripe/v1/customers" });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.type).toBe("authentication_error");
  });

  it("pays, signs its webhooks like Stripe and retries a failed delivery with backoff", async () => {
    received.length = 0;
    failures["checkout.session.completed"] = [500, 503];
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      customer: (await stripe.customers.create({ email: "bo@uni.example" })).id,
      line_items: [
        {
          quantity: 1,
          price_data: { currency: "usd", unit_amount: 7500, product_data: { name: "Upgrade" } },
        },
      ],
      success_url: "http://app.example/done?session={CHECKOUT_SESSION_ID}",
    });
    const pay = await app.inject({ method: "POST", url: `/stripe/checkout/${session.id}/pay` });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`http://app.example/done?session=${session.id}`);

    // The receiver sees the body before the stand-in has recorded the answer, so wait for both.
    const completedRecord = () =>
      sandbox.webhooks.records.find((r) => r.event.type === "checkout.session.completed");
    await waitFor(() => received.length >= 4 && completedRecord()?.delivered === true);
    const completed = received.filter(
      (r) => JSON.parse(r.body).type === "checkout.session.completed",
    );
    expect(completed).toHaveLength(3);
    for (const delivery of received) {
      const event = stripe.webhooks.constructEvent(delivery.body, delivery.signature, SECRET);
      expect(event.livemode).toBe(false);
    }
    const record = completedRecord();
    expect(record?.attempts.map((a) => a.status)).toEqual([500, 503, 200]);
    expect(record?.delivered).toBe(true);
  });

  it("shows Pay and Cancel on the hosted page and sends Cancel to cancel_url", async () => {
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: "price_black_monthly", quantity: 1 }],
      success_url: "http://app.example/ok",
      cancel_url: "http://app.example/pricing?checkout=cancelled",
    });
    const page = await app.inject({ url: `/stripe/checkout/${session.id}` });
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("$125.00");
    expect(page.body).not.toContain("<script");
    const cancel = await app.inject({
      method: "POST",
      url: `/stripe/checkout/${session.id}/cancel`,
    });
    expect(cancel.headers.location).toBe("http://app.example/pricing?checkout=cancelled");
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("expired");
  });
});

describe("the Stripe stand-in refuses what Stripe refuses (issue 37)", () => {
  it("refuses a value of the wrong type: quantity 'abc' is parameter_invalid_integer", async () => {
    await expect(
      stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: "price_gold_monthly", quantity: "abc" as unknown as number }],
        success_url: "http://app.example/",
      }),
    ).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 400,
      code: "parameter_invalid_integer",
      param: "line_items[0][quantity]",
    });
  });

  it("refuses an API version Stripe has not released", async () => {
    const future = clientFor("sk_test_unit", {
      apiVersion: "2099-01-01" as Stripe.StripeConfig["apiVersion"],
    });
    await expect(future.customers.create({ email: "x@uni.example" })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 400,
      message: expect.stringContaining("Invalid Stripe API version: 2099-01-01"),
    });
  });

  it("refuses a secret key it did not issue with 401", async () => {
    const stranger = clientFor("sk_test_someone_else");
    await expect(stranger.customers.create({ email: "x@uni.example" })).rejects.toMatchObject({
      type: "StripeAuthenticationError",
      statusCode: 401,
      message: "Invalid API Key provided: sk_test_****else",
    });
  });

  it("names each answer's request and version, and says when an idempotent answer is a replay", async () => {
    const first = await stripe.customers.create(
      { email: "replay@uni.example" },
      { idempotencyKey: "replay-key-1" },
    );
    expect(first.lastResponse.requestId).toMatch(/^req_[0-9a-f]{14}$/);
    expect(first.lastResponse.apiVersion).toBe(Stripe.API_VERSION);
    expect(first.lastResponse.headers["idempotent-replayed"]).toBeUndefined();
    const again = await stripe.customers.create(
      { email: "replay@uni.example" },
      { idempotencyKey: "replay-key-1" },
    );
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers["idempotent-replayed"]).toBe("true");
    expect(again.lastResponse.requestId).not.toBe(first.lastResponse.requestId);
  });

  it("expands the objects the app reads, and refuses a field that cannot be expanded", async () => {
    const customer = await stripe.customers.create({ email: "expand@uni.example" });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: "price_gold_monthly", quantity: 1 }],
      success_url: "http://app.example/ok",
    });
    await app.inject({ method: "POST", url: `/stripe/checkout/${session.id}/pay` });
    const read = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ["subscription", "customer"],
    });
    expect(read.customer).toMatchObject({ object: "customer", id: customer.id });
    expect(read.subscription).toMatchObject({ object: "subscription" });
    const plain = await stripe.checkout.sessions.retrieve(session.id);
    expect(typeof plain.subscription).toBe("string");
    await expect(
      stripe.checkout.sessions.retrieve(session.id, { expand: ["nonsense"] }),
    ).rejects.toMatchObject({ statusCode: 400, param: "expand" });
  });
});
