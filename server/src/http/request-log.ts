import type { FastifyInstance } from "fastify";
import { runWithRequestId } from "../lib/request-context";

/**
 * Each request runs under its id (echoed in X-Request-Id, carried into the jobs it queues) and
 * ends in one JSON log line: the id, the method, the URL with its secrets redacted (the `req`
 * serializer), the route pattern, the status and the time taken. Never headers or bodies.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    // Everything after this hook (handlers, the jobs they queue) runs inside the id's context.
    runWithRequestId(request.id, done);
  });
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        req: request,
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      "request",
    );
  });
}
