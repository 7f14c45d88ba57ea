import { HealthResponse } from "@reachout/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { checkHealth, checkReady } from "./service";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    { schema: { tags: ["system"], response: { 200: HealthResponse, 503: HealthResponse } } },
    async (_request, reply) => {
      const health = await checkHealth(app.deps);
      return reply.code(health.status === "ok" ? 200 : 503).send(health);
    },
  );

  // Readiness (a load balancer's check): the database answers and holds every migration of this
  // release. /health above stays the liveness check.
  app.get(
    "/ready",
    {
      schema: {
        tags: ["system"],
        response: {
          200: z.object({ status: z.literal("ready") }),
          503: z.object({ detail: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      const problem = await checkReady(app.deps);
      return problem
        ? reply.code(503).send({ detail: problem })
        : reply.code(200).send({ status: "ready" as const });
    },
  );
};
