import { OnboardingStatus } from "@reachout/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../http/auth";
import { getOnboardingStatus } from "./service";

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/user/onboarding",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["profile"],
        security: [{ bearer: [] }],
        response: { 200: OnboardingStatus },
      },
    },
    async (request) => getOnboardingStatus(app.deps.database.db, currentUser(request).id),
  );
};
