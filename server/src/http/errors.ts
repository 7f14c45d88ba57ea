import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/** The one application error: a status and a message safe to show the user. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const notFound = (what = "Not found") => new AppError(404, what);
export const badRequest = (detail: string) => new AppError(400, detail);
export const conflict = (detail: string) => new AppError(409, detail);
export const forbidden = (detail = "Forbidden") => new AppError(403, detail);
export const unauthorized = (detail = "Not authenticated") => new AppError(401, detail);
export const paymentRequired = (detail: string) => new AppError(402, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new AppError(429, detail, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });

function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath?.replace(/^\//, "").replaceAll("/", ".");
    const message = first?.message ?? "Invalid request";
    return field ? `${field}: ${message}` : message;
  }
  return error.message;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).headers(error.headers).send({ detail: error.detail });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.code(400).send({ detail: describeValidation(error) });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own 4xx (bad JSON, 413 body limit, rate limit, wrong content type).
      return reply.code(status).send({ detail: error.message });
    }
    request.log.error({ err: error, reqId: request.id }, "request failed");
    return reply
      .code(500)
      .send({ detail: `Something went wrong on our side. Reference: ${request.id}` });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ detail: `No route for ${request.method} ${request.url.split("?")[0]}` });
  });
}
