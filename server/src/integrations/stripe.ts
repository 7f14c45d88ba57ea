import type { PaidPlanId } from "@reachout/contract";
import Stripe from "stripe";
import type { Config } from "../config";

export type { Stripe };

/**
 * The SDK only takes a host, a port and a protocol; the sandbox stand-in lives under a path
 * (`/__sandbox/stripe/v1/...`), so requests go through the SDK's own HTTP client with that
 * path prefixed.
 */
function prefixedHttpClient(prefix: string): Stripe.HttpClient {
  const inner = Stripe.createNodeHttpClient();
  return {
    getClientName: () => inner.getClientName(),
    makeRequest: (host, port, path, method, headers, body, protocol, timeout) =>
      inner.makeRequest(host, port, `${prefix}${path}`, method, headers, body, protocol, timeout),
  };
}

const clients = new WeakMap<Config, Stripe>();

/** The Stripe client of this process: the real API, or the URL in config (the sandbox). */
export function stripeClient(config: Config): Stripe {
  const existing = clients.get(config);
  if (existing) return existing;
  let options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (config.stripe.apiUrl) {
    const url = new URL(config.stripe.apiUrl);
    const protocol = url.protocol === "http:" ? "http" : "https";
    const prefix = url.pathname.replace(/\/$/, "");
    options = {
      ...options,
      host: url.hostname,
      port: url.port || (protocol === "http" ? 80 : 443),
      protocol,
      ...(prefix ? { httpClient: prefixedHttpClient(prefix) } : {}),
    };
  }
  const client = new Stripe(config.stripe.secretKey, options);
  clients.set(config, client);
  return client;
}

/** The plan a configured Stripe price sells; null for a price this deployment does not sell. */
export function planOfPrice(config: Config, priceId: string | null | undefined): PaidPlanId | null {
  if (!priceId) return null;
  if (priceId === config.stripe.prices.gold) return "gold";
  if (priceId === config.stripe.prices.black) return "black";
  return null;
}

/** Stripe's webhook signature check on the raw body (default tolerance: 5 minutes). */
export function verifyStripeEvent(
  config: Config,
  rawBody: Buffer,
  signature: string,
): Stripe.Event {
  return stripeClient(config).webhooks.constructEvent(
    rawBody,
    signature,
    config.stripe.webhookSecret,
  );
}

/** An expandable Stripe field (`string | Object`) as its id. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}
