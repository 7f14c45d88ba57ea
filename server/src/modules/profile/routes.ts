import { ProfileResponse, ProfileStatus, UpdateProfileRequest } from "@reachout/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../http/auth";
import { getProfileStatus, updateProfile } from "./service";

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  app.get(
    "/user/profile_status",
    {
      preHandler: app.requireUser,
      schema: { tags: ["profile"], security, response: { 200: ProfileStatus } },
    },
    async (request) => getProfileStatus(app.deps.database.db, currentUser(request).id),
  );
  app.patch(
    "/profile",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["profile"],
        security,
        body: UpdateProfileRequest,
        response: { 200: ProfileResponse },
      },
    },
    async (request) => updateProfile(app.deps.database.db, currentUser(request).id, request.body),
  );
};
