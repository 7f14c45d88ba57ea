import {
  CareerGoal,
  CareerGoalResponse,
  ProfileResponse,
  ProfileStatus,
  UpdateProfileRequest,
} from "@reachout/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { nowOf } from "../../deps";
import { currentUser } from "../../http/auth";
import { getCareerGoal, saveCareerGoal } from "./goal";
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
  app.get(
    "/profile/goal",
    {
      preHandler: app.requireUser,
      schema: { tags: ["profile"], security, response: { 200: CareerGoalResponse } },
    },
    async (request) =>
      getCareerGoal(app.deps.database.db, currentUser(request).id, nowOf(app.deps)),
  );
  app.put(
    "/profile/goal",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["profile"],
        security,
        body: CareerGoal,
        response: { 200: CareerGoalResponse },
      },
    },
    async (request) =>
      saveCareerGoal(app.deps.database.db, currentUser(request).id, request.body, nowOf(app.deps)),
  );
};
