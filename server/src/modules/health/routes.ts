import { HealthResponse } from "@reachout/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { checkHealth } from "./service";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    { schema: { tags: ["system"], response: { 200: HealthResponse, 503: HealthResponse } } },
    async (_request, reply) => {
      const health = await checkHealth(app.deps);
      return reply.code(health.status === "ok" ? 200 : 503).send(health);
    },
  );
};
