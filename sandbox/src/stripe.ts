import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { statusOf } from "./error-reply";
import { decodeStripeForm, type FormObject } from "./stripe-form";
import { API_VERSION, StripeApiError, type StripeEvent } from "./stripe-objects";
import { checkoutPage, errorPage, portalPage } from "./stripe-pages";
import { StripeStore, type StripeStoreOptions } from "./stripe-store";
import { type WebhookOptions, WebhookSender } from "./stripe-webhooks";

export interface StripeSandboxOptions extends StripeStoreOptions {
  /**
   * The secret key this account issued: any other key is refused with 401, as Stripe refuses a
   * key it does not know. Without it, any `sk_test_`/`sk_live_` key is taken (unit tests).
   */
  secretKey?: string;
  webhookUrl: string;
  webhookSecret: string;
  retryDelaysMs?: WebhookOptions["retryDelaysMs"];
}

export interface StripeSandbox {
  store: StripeStore;
  webhooks: WebhookSender;
  /** Mount under a prefix, e.g. `/stripe` inside the sandbox plugin. */
  plugin: FastifyPluginAsync;
}

type Id = { Params: { id: string } };

/**
 * The Stripe stand-in: the `/v1` API subset the SDK calls, the hosted checkout page, the
 * billing portal, signed webhooks with retries, and test hooks (advance a period, hold and
 * replay events, list payments).
 */
export function createStripeSandbox(options: StripeSandboxOptions): StripeSandbox {
  const webhooks = new WebhookSender({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    retryDelaysMs: options.retryDelaysMs,
  });
  const store = new StripeStore(options, webhooks);
  const plugin: FastifyPluginAsync = async (app) => {
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, body, done) => done(null, decodeStripeForm(String(body))),
    );
    app.addHook("onClose", async () => webhooks.close());
    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof StripeApiError) return reply.code(error.status).send(error.toJSON());
      // Malformed input (bad JSON, a NUL the app refuses before every route) is Stripe's 400
      // invalid_request_error, not a 500 (issue 32): the status rides in statusCode or status.
      const status = statusOf(error);
      const message = status >= 500 ? "An internal error occurred." : (error as Error).message;
      return reply.code(status).send(new StripeApiError(status, message || "Error").toJSON());
    });
    registerApi(app, store, webhooks, options.secretKey);
    registerPages(app, store, webhooks);
    registerTestHooks(app, store, webhooks);
  };
  return { store, webhooks, plugin };
}

const form = (request: FastifyRequest) => (request.body ?? {}) as FormObject;

/**
 * Stripe answers the same response again for a repeated Idempotency-Key, and refuses (400,
 * idempotency_error) the key reused for another request: other parameters or another endpoint.
 */
function idempotent() {
  const seen = new Map<string, { request: string; result: unknown }>();
  return <T>(request: FastifyRequest, reply: FastifyReply, run: () => T): T => {
    const key = request.headers["idempotency-key"];
    if (typeof key !== "string") return run();
    const fingerprint = `${request.method} ${request.url.split("?")[0]} ${JSON.stringify(request.body ?? {})}`;
    const earlier = seen.get(key);
    if (earlier) {
      if (earlier.request !== fingerprint) {
        throw new StripeApiError(
          400,
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          undefined,
          undefined,
          "idempotency_error",
        );
      }
      reply.header("Idempotent-Replayed", "true");
      return earlier.result as T;
    }
    const result = run();
    seen.set(key, { request: fingerprint, result });
    if (seen.size > 5000) seen.delete(seen.keys().next().value as string);
    return result;
  };
}

/** Which parameters an endpoint takes: `true` for any value, a shape for an object, [shape] for a list. */
type Shape = { [param: string]: true | Shape | [Shape] };

const METADATA = true as const;
const COMMON: Shape = { expand: true };
/** The parameters of each endpoint the stand-in serves (a subset of Stripe's, enough to refuse typos). */
const PARAMETERS: Record<string, Shape> = {
  "POST /v1/customers": {
    ...COMMON,
    email: true,
    name: true,
    description: true,
    phone: true,
    metadata: METADATA,
  },
  "POST /v1/checkout/sessions": {
    ...COMMON,
    mode: true,
    customer: true,
    customer_email: true,
    client_reference_id: true,
    line_items: [
      {
        price: true,
        quantity: true,
        price_data: {
          currency: true,
          unit_amount: true,
          product: true,
          product_data: { name: true, description: true, metadata: METADATA },
          recurring: { interval: true, interval_count: true },
        },
      },
    ],
    metadata: METADATA,
    subscription_data: { metadata: METADATA, description: true, trial_period_days: true },
    payment_intent_data: { metadata: METADATA, description: true },
    success_url: true,
    cancel_url: true,
    allow_promotion_codes: true,
    locale: true,
  },
  "POST /v1/subscriptions/:id": {
    ...COMMON,
    items: [{ id: true, price: true, quantity: true, deleted: true }],
    proration_behavior: true,
    cancel_at_period_end: true,
    metadata: METADATA,
  },
  "DELETE /v1/subscriptions/:id": { ...COMMON, invoice_now: true, prorate: true },
  "POST /v1/refunds": {
    ...COMMON,
    payment_intent: true,
    charge: true,
    amount: true,
    reason: true,
    metadata: METADATA,
  },
  "POST /v1/billing_portal/sessions": {
    ...COMMON,
    customer: true,
    return_url: true,
    locale: true,
    configuration: true,
  },
};

/** The first parameter a shape does not know, as Stripe names it (`line_items[0][pricee]`). */
function unknownParameter(value: unknown, shape: Shape, prefix = ""): string | null {
  if (typeof value !== "object" || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    const rule = shape[key];
    if (rule === undefined) return name;
    if (rule === true) continue;
    if (Array.isArray(rule)) {
      const items = Array.isArray(inner) ? inner : Object.values(inner ?? {});
      for (const [index, item] of items.entries()) {
        const found = unknownParameter(item, rule[0], `${name}[${index}]`);
        if (found) return found;
      }
      continue;
    }
    const found = unknownParameter(inner, rule, name);
    if (found) return found;
  }
  return null;
}

/** GET parameters ride in the query string: `expand[0]=x` is the parameter `expand`. */
const queryParameters = (query: unknown) =>
  Object.fromEntries(
    Object.keys((query ?? {}) as object).map((key) => [key.replace(/\[.*$/, ""), ""]),
  );

/** Parameters Stripe reads as integers, wherever they sit in the body. */
const INTEGER_PARAMETERS = new Set([
  "quantity",
  "unit_amount",
  "amount",
  "interval_count",
  "trial_period_days",
]);

/** The first integer parameter whose value is no integer, as Stripe names it, or null. */
function notAnInteger(value: unknown, prefix = ""): { name: string; value: string } | null {
  if (typeof value !== "object" || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (INTEGER_PARAMETERS.has(key) && (typeof inner === "string" || typeof inner === "number")) {
      if (!/^-?\d+$/.test(String(inner))) return { name, value: String(inner) };
      continue;
    }
    const found = notAnInteger(inner, name);
    if (found) return found;
  }
  return null;
}

/**
 * An API version Stripe has released: this SDK's own, or an earlier dated one. A date past the
 * SDK's, or no date at all, is a version Stripe does not know.
 */
function isKnownApiVersion(version: string): boolean {
  if (version === API_VERSION) return true;
  const dated = /^(\d{4})-(\d{2})-(\d{2})(\.[a-z]+)?$/.exec(version);
  if (!dated) return false;
  const date = new Date(`${dated[1]}-${dated[2]}-${dated[3]}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== version.slice(0, 10)) {
    return false;
  }
  return version.slice(0, 10) <= API_VERSION.slice(0, 10) && version >= "2011-01-01";
}

/** Stripe's masking of a key in its refusal: "sk_test_****abcd". */
const maskedKey = (key: string) => `${key.slice(0, key.indexOf("_", 3) + 1)}****${key.slice(-4)}`;

/** The expandable fields the app reads, and where the store keeps their objects. */
function expandField(store: StripeStore, field: string, id: string): unknown {
  switch (field) {
    case "customer":
      return store.customer(id);
    case "subscription":
      return store.subscription(id);
    case "invoice":
    case "latest_invoice":
      return store.invoice(id);
    case "price":
      return store.price(id);
    default:
      return id;
  }
}

/** `expand[]=subscription` and `expand[]=subscription.latest_invoice`, applied to an answer. */
function expanded(store: StripeStore, payload: unknown, paths: string[]): unknown {
  if (typeof payload !== "object" || payload === null || paths.length === 0) return payload;
  const out: Record<string, unknown> = { ...(payload as Record<string, unknown>) };
  const byField = new Map<string, string[]>();
  for (const path of paths) {
    const [field, ...rest] = path.split(".");
    byField.set(field, [...(byField.get(field) ?? []), ...(rest.length ? [rest.join(".")] : [])]);
  }
  for (const [field, inner] of byField) {
    if (!(field in out)) {
      throw new StripeApiError(
        400,
        `This property cannot be expanded (${field}).`,
        undefined,
        "expand",
      );
    }
    const value = out[field];
    const object = typeof value === "string" ? expandField(store, field, value) : value;
    out[field] = expanded(store, object, inner);
  }
  return out;
}

const expandOf = (request: FastifyRequest): string[] => {
  const fromBody = (request.body as { expand?: unknown } | undefined)?.expand;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const fromQuery = Object.entries(query)
    .filter(([key]) => key === "expand" || key.startsWith("expand["))
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]));
  const listed = [...(Array.isArray(fromBody) ? fromBody : []), ...fromQuery];
  return listed.filter((value): value is string => typeof value === "string" && value !== "");
};

function registerApi(
  app: FastifyInstance,
  store: StripeStore,
  webhooks: WebhookSender,
  secretKey: string | undefined,
): void {
  const once = idempotent();
  // Like Stripe, events caused by an API call go out after the call has been answered.
  const later = (event: StripeEvent) => {
    setImmediate(() => void webhooks.dispatch([event]));
  };
  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.includes("/v1/")) return;
    // Every answer names its request and the API version it was written in.
    reply.header("Request-Id", `req_${randomBytes(7).toString("hex")}`);
    const asked = request.headers["stripe-version"];
    const version = typeof asked === "string" && asked !== "" ? asked : API_VERSION;
    reply.header("Stripe-Version", version);
    const auth = request.headers.authorization ?? "";
    const key = /^Bearer (sk_(?:test|live)_\S+)$/.exec(auth)?.[1];
    if (!key) throw new StripeApiError(401, "Invalid API Key provided.");
    if (secretKey && key !== secretKey) {
      throw new StripeApiError(401, `Invalid API Key provided: ${maskedKey(key)}`);
    }
    if (!isKnownApiVersion(version)) {
      throw new StripeApiError(
        400,
        `Invalid Stripe API version: ${version}. Please see https://docs.stripe.com/upgrades for the list of versions.`,
      );
    }
  });
  app.addHook("preSerialization", async (request, reply, payload) => {
    if (!request.url.includes("/v1/") || reply.statusCode >= 400) return payload;
    return expanded(store, payload, expandOf(request));
  });
  // Like Stripe, a parameter the endpoint does not take is refused, not ignored.
  app.addHook("preHandler", async (request) => {
    const route = request.routeOptions.url ?? "";
    const path = route.slice(route.indexOf("/v1/"));
    if (!route.includes("/v1/") || path === "/v1/*") return;
    const shape = PARAMETERS[`${request.method} ${path}`] ?? COMMON;
    const given =
      request.method === "GET" || request.method === "DELETE"
        ? { ...queryParameters(request.query), ...((request.body as object) ?? {}) }
        : request.body;
    const unknown = unknownParameter(given, shape);
    if (unknown) {
      throw new StripeApiError(
        400,
        `Received unknown parameter: ${unknown}`,
        "parameter_unknown",
        unknown,
      );
    }
    const invalid = notAnInteger(given);
    if (invalid) {
      throw new StripeApiError(
        400,
        `Invalid integer: ${invalid.value}`,
        "parameter_invalid_integer",
        invalid.name,
      );
    }
  });
  app.post("/v1/customers", async (request, reply) =>
    once(request, reply, () => store.createCustomer(form(request))),
  );
  app.get<Id>("/v1/customers/:id", async (request) => store.customer(request.params.id));
  app.post("/v1/checkout/sessions", async (request, reply) =>
    once(request, reply, () => store.createCheckoutSession(form(request))),
  );
  app.get<Id>("/v1/checkout/sessions/:id", async (request) => store.session(request.params.id));
  app.get<Id>("/v1/subscriptions/:id", async (request) => store.subscription(request.params.id));
  app.post<Id>("/v1/subscriptions/:id", async (request, reply) =>
    once(request, reply, () => {
      later(store.updateSubscription(request.params.id, form(request)));
      return store.subscription(request.params.id);
    }),
  );
  app.delete<Id>("/v1/subscriptions/:id", async (request, reply) =>
    once(request, reply, () => {
      later(store.cancelSubscription(request.params.id));
      return store.subscription(request.params.id);
    }),
  );
  app.get<Id>("/v1/invoices/:id", async (request) => store.invoice(request.params.id));
  app.get<Id>("/v1/prices/:id", async (request) => store.price(request.params.id));
  app.post("/v1/refunds", async (request, reply) =>
    once(request, reply, () => store.createRefund(form(request))),
  );
  app.post("/v1/billing_portal/sessions", async (request, reply) =>
    once(request, reply, () => store.createPortalSession(form(request))),
  );
  // Anything else under /v1 is, as at Stripe, an unrecognised URL.
  app.all("/v1/*", async (request) => {
    throw new StripeApiError(
      404,
      `Unrecognized request URL (${request.method}: ${request.url.slice(request.url.indexOf("/v1/")).split("?")[0]}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    );
  });
}

function html(reply: FastifyReply, body: string, status = 200) {
  return reply.code(status).type("text/html; charset=utf-8").send(body);
}

/** Stripe fills `{CHECKOUT_SESSION_ID}` in the success URL. */
const successUrl = (url: string, sessionId: string) =>
  url.replace("{CHECKOUT_SESSION_ID}", encodeURIComponent(sessionId));

function registerPages(app: FastifyInstance, store: StripeStore, webhooks: WebhookSender): void {
  const guard = async (reply: FastifyReply, run: () => Promise<unknown>) => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof StripeApiError)
        return html(reply, errorPage(error.message), error.status);
      throw error;
    }
  };

  app.get<Id>("/checkout/:id", async (request, reply) =>
    guard(reply, async () => {
      const session = store.session(request.params.id);
      const email = session.customer
        ? store.customer(session.customer).email
        : session.customer_email;
      return html(reply, checkoutPage(session, store.sessionLineItems(session.id), email));
    }),
  );
  app.post<Id>("/checkout/:id/pay", async (request, reply) =>
    guard(reply, async () => {
      const session = store.session(request.params.id);
      if (session.status === "complete")
        return reply.redirect(successUrl(session.success_url, session.id), 303);
      const events = store.paySession(session.id);
      await webhooks.dispatch(events);
      return reply.redirect(successUrl(session.success_url, session.id), 303);
    }),
  );
  app.post<Id>("/checkout/:id/cancel", async (request, reply) =>
    guard(reply, async () => {
      const session = store.cancelSession(request.params.id);
      if (!session.cancel_url) return html(reply, errorPage("This checkout was cancelled."));
      return reply.redirect(session.cancel_url, 303);
    }),
  );

  app.get<Id>("/portal/:id", async (request, reply) =>
    guard(reply, async () => {
      const portal = store.portal(request.params.id);
      const customer = store.customer(portal.customer);
      return html(
        reply,
        portalPage(
          portal.id,
          customer.email,
          store.subscriptionsOf(customer.id),
          portal.return_url,
        ),
      );
    }),
  );
  app.post<Id & { Querystring: { subscription?: string } }>(
    "/portal/:id/cancel",
    async (request, reply) =>
      guard(reply, async () => {
        const portal = store.portal(request.params.id);
        const subscription = store
          .subscriptionsOf(portal.customer)
          .find((s) => s.id === request.query.subscription && s.status === "active");
        if (!subscription) return html(reply, errorPage("No such active subscription."), 404);
        await webhooks.dispatch([store.scheduleCancellation(subscription.id)]);
        return reply.redirect(`../${portal.id}`, 303);
      }),
  );
}

function registerTestHooks(
  app: FastifyInstance,
  store: StripeStore,
  webhooks: WebhookSender,
): void {
  app.post<{ Body: { subscription?: string } }>("/advance", async (request) => {
    const events = store.advancePeriod(String(request.body?.subscription ?? ""));
    await webhooks.dispatch(events);
    return { events: events.map((e) => ({ id: e.id, type: e.type })) };
  });
  app.post<{ Body: { mode?: string } }>("/delivery", async (request) => {
    const mode = request.body?.mode;
    if (mode !== "auto" && mode !== "hold") {
      throw new StripeApiError(
        400,
        "mode must be auto or hold",
        "parameter_invalid_string",
        "mode",
      );
    }
    webhooks.mode = mode;
    return { mode };
  });
  app.get<{ Querystring: { type?: string; customer?: string } }>("/events.json", async (request) =>
    webhooks.records
      .filter((r) => !request.query.type || r.event.type === request.query.type)
      .map((r) => ({
        id: r.event.id,
        type: r.event.type,
        created: r.event.created,
        object_id: (r.event.data.object as { id?: string }).id ?? null,
        delivered: r.delivered,
        attempts: r.attempts,
      })),
  );
  app.post<Id>("/events/:id/deliver", async (request) => {
    const attempt = await webhooks.deliver(request.params.id);
    if (!attempt)
      throw new StripeApiError(404, `No such event: '${request.params.id}'`, "resource_missing");
    return attempt;
  });
  app.get<{ Querystring: { customer?: string } }>("/payments.json", async (request) => {
    const customer = request.query.customer;
    const payments = store.payments.filter((p) => !customer || p.customer === customer);
    const ids = new Set(payments.map((p) => p.id));
    return { payments, refunds: store.refunds.filter((r) => ids.has(r.payment_intent)) };
  });
}
