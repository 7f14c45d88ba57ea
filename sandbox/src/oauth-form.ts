import type { FastifyInstance } from "fastify";

/** An OAuth request's parameters: a query string or a form post (a key may repeat). */
export type Form = Record<string, string | string[] | undefined>;

/** A parameter's first value, trimmed ("" when absent). */
export const first = (value: unknown): string => {
  const one = Array.isArray(value) ? value[0] : value;
  return typeof one === "string" ? one.trim() : "";
};

/** Every value of a parameter. */
export const all = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The scopes a request names (space-separated). */
export const scopesOf = (form: Form) => first(form.scope).split(/\s+/).filter(Boolean);

function parseForm(body: string): Form {
  const form: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const existing = form[key];
    form[key] = existing === undefined ? value : [...all(existing), value];
  }
  return form;
}

/**
 * Real OAuth endpoints take form posts: registers the form parser inside the calling plugin only,
 * and answers the reader of a parsed body.
 */
export function acceptForms(app: FastifyInstance): (body: unknown) => Form {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 65_536 },
    (_request, body, done) => done(null, parseForm(String(body))),
  );
  return (body) => (body && typeof body === "object" ? (body as Form) : {});
}

/** A token endpoint's client authentication: HTTP Basic, or client_id and client_secret posted. */
export function isClientAuthenticated(
  authorization: string | undefined,
  form: Form,
  client: { clientId: string; clientSecret: string },
): boolean {
  let id = first(form.client_id);
  let secret = first(form.client_secret);
  if (authorization?.startsWith("Basic ")) {
    const decoded = Buffer.from(authorization.slice(6), "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    id = decodeURIComponent(decoded.slice(0, colon));
    secret = decodeURIComponent(decoded.slice(colon + 1));
  }
  return id === client.clientId && secret === client.clientSecret;
}
