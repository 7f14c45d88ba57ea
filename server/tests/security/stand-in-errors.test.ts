import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers";

/**
 * Issue 32, finding 10: the Stripe stand-in answered 500 to a NUL in a JSON key or in the
 * path. The stand-ins are as strict as the services they play (DESIGN.md): malformed input
 * gets the real service's 400 in its own error shape, never a 500 and never Reachout's
 * `{detail}`.
 */
const t = useTestApp();

type Shape = (body: unknown) => void;

/** Stripe: `{error: {type: "invalid_request_error", message}}`. */
const stripeShape: Shape = (body) =>
  expect(body).toMatchObject({
    error: { type: "invalid_request_error", message: expect.any(String) },
  });
/** Google APIs (Gmail): `{error: {code: 400, message, status: "INVALID_ARGUMENT", errors}}`. */
const googleApiShape: Shape = (body) =>
  expect(body).toMatchObject({
    error: { code: 400, message: expect.any(String), status: "INVALID_ARGUMENT" },
  });
/** OAuth 2.0 endpoints (Google's and Microsoft's token endpoints): RFC 6749 §5.2. */
const oauthShape: Shape = (body) =>
  expect(body).toMatchObject({ error: "invalid_request", error_description: expect.any(String) });
/** Microsoft Graph: `{error: {code: "BadRequest", message}}`. */
const graphShape: Shape = (body) =>
  expect(body).toMatchObject({ error: { code: "BadRequest", message: expect.any(String) } });

const NUL = "\u0000";
const jsonHeaders = { "content-type": "application/json" };
const formHeaders = { "content-type": "application/x-www-form-urlencoded" };

const probes: Array<{
  name: string;
  method: "GET" | "POST";
  url: string;
  headers?: Record<string, string>;
  payload?: string;
  shape: Shape;
}> = [
  // Stripe
  {
    name: "Stripe: NUL in a JSON key",
    method: "POST",
    url: "/__sandbox/stripe/v1/customers",
    headers: jsonHeaders,
    payload: JSON.stringify({ [`email${NUL}`]: "a@b.example" }),
    shape: stripeShape,
  },
  {
    name: "Stripe: NUL in the path",
    method: "GET",
    url: "/__sandbox/stripe/v1/customers/cus_%00x",
    shape: stripeShape,
  },
  {
    name: "Stripe: NUL in a form key",
    method: "POST",
    url: "/__sandbox/stripe/v1/customers",
    headers: formHeaders,
    payload: "email%00=a%40b.example",
    shape: stripeShape,
  },
  {
    name: "Stripe: malformed JSON",
    method: "POST",
    url: "/__sandbox/stripe/v1/customers",
    headers: jsonHeaders,
    payload: "{",
    shape: stripeShape,
  },
  // Gmail API
  {
    name: "Gmail: NUL in a JSON key",
    method: "POST",
    url: "/__sandbox/gmail/gmail/v1/users/me/watch",
    headers: jsonHeaders,
    payload: JSON.stringify({ [`topicName${NUL}`]: "x" }),
    shape: googleApiShape,
  },
  {
    name: "Gmail: NUL in the path",
    method: "GET",
    url: "/__sandbox/gmail/gmail/v1/users/me/messages/ab%00cd",
    shape: googleApiShape,
  },
  {
    name: "Gmail: malformed JSON",
    method: "POST",
    url: "/__sandbox/gmail/gmail/v1/users/me/messages/send",
    headers: jsonHeaders,
    payload: '{"raw": ',
    shape: googleApiShape,
  },
  // Google OAuth
  {
    name: "Google token endpoint: NUL in a form key",
    method: "POST",
    url: "/__sandbox/google/token",
    headers: formHeaders,
    payload: "grant_type%00=authorization_code&code=x",
    shape: oauthShape,
  },
  {
    name: "Google token endpoint: NUL in a JSON key",
    method: "POST",
    url: "/__sandbox/google/token",
    headers: jsonHeaders,
    payload: JSON.stringify({ [`code${NUL}`]: "x" }),
    shape: oauthShape,
  },
  // Microsoft identity platform and Graph
  {
    name: "Microsoft token endpoint: NUL in a form key",
    method: "POST",
    url: "/__sandbox/microsoft/common/oauth2/v2.0/token",
    headers: formHeaders,
    payload: "grant_type%00=authorization_code&code=x",
    shape: oauthShape,
  },
  {
    name: "Graph: NUL in a JSON key",
    method: "POST",
    url: "/__sandbox/microsoft/v1.0/me/sendMail",
    headers: jsonHeaders,
    payload: JSON.stringify({ [`message${NUL}`]: {} }),
    shape: graphShape,
  },
  {
    name: "Graph: NUL in the path",
    method: "GET",
    url: "/__sandbox/microsoft/v1.0/me/messages/AA%00BB",
    shape: graphShape,
  },
  {
    name: "Graph: malformed JSON",
    method: "POST",
    url: "/__sandbox/microsoft/v1.0/me/sendMail",
    headers: jsonHeaders,
    payload: "{",
    shape: graphShape,
  },
];

describe("the stand-ins answer malformed input with their service's 400", () => {
  for (const probe of probes) {
    it(probe.name, async () => {
      const response = await t.app.inject({
        method: probe.method,
        url: probe.url,
        headers: { authorization: `Bearer ${t.deps.config.stripe.secretKey}`, ...probe.headers },
        payload: probe.payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json();
      probe.shape(body);
      expect(body).not.toHaveProperty("detail");
    });
  }
});
