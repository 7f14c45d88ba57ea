import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";

/**
 * The status an error thrown inside a stand-in stands for: Fastify's own (bad JSON, body too
 * large: `statusCode`), the app's refusals that run before every route (a NUL in the path, the
 * query or the body: `status`), else 500.
 */
export function statusOf(error: unknown): number {
  const { statusCode, status } = error as { statusCode?: unknown; status?: unknown };
  for (const candidate of [statusCode, status]) {
    if (typeof candidate === "number" && candidate >= 400 && candidate < 600) return candidate;
  }
  return 500;
}

/**
 * Answers every error thrown in this stand-in (by its routes, by Fastify's parsers, by the
 * app's hooks that run before them) in the shape of the service it plays, so a client sees
 * what the real service would send: never a 500 for malformed input, never Reachout's
 * `{detail}`.
 */
export function answerErrorsAs(
  app: FastifyInstance,
  shape: (reply: FastifyReply, status: number, message: string, url: string) => unknown,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = statusOf(error);
    if (status >= 500) request.log.error({ err: error }, "stand-in failed");
    const message =
      status >= 500 ? "An internal error occurred." : error.message || "Invalid request.";
    return shape(reply, status, message, request.url);
  });
}
