import type { FastifyRequest } from "fastify";

/**
 * Query parameters that carry secrets: session tokens, OAuth codes and states, email codes,
 * and resume-link signatures (anyone holding one can download that resume until it expires).
 */
const SECRET_PARAMS = ["t", "token", "code", "state", "access_token", "sig", "ticket"];

/** The URL as logged: secret query values become [REDACTED], the rest stays for debugging. */
export function redactUrl(url: string): string {
  const mark = url.indexOf("?");
  if (mark < 0) return url;
  const params = new URLSearchParams(url.slice(mark + 1));
  for (const name of SECRET_PARAMS) {
    if (params.has(name)) params.set(name, "[REDACTED]");
  }
  return `${url.slice(0, mark)}?${params.toString()}`;
}

/** pino's request serializer without secrets in the logged URL. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
