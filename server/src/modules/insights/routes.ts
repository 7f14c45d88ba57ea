import {
  Benchmarks,
  ErrorResponse,
  Insights,
  InsightsQuery,
  RecommendedFormat,
  RecommendedFormatQuery,
} from "@reachout/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../http/auth";
import { getBenchmarks } from "./benchmarks";
import { recommendFormatForContact } from "./recommend";
import { getInsights } from "./service";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };

export const insightRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const common = { preHandler: app.requireUser };
  const schema = { tags: ["insights"], security: [{ bearer: [] }] };

  app.get(
    "/insights",
    {
      ...common,
      schema: { ...schema, querystring: InsightsQuery, response: { 200: Insights, ...errors } },
    },
    async (request) => getInsights(db(), currentUser(request).id, request.query.tz),
  );
  app.get(
    "/insights/benchmarks",
    { ...common, schema: { ...schema, response: { 200: Benchmarks, ...errors } } },
    async () => getBenchmarks(db()),
  );
  app.get(
    "/insights/recommended-format",
    {
      ...common,
      schema: {
        ...schema,
        querystring: RecommendedFormatQuery,
        response: { 200: RecommendedFormat, ...errors },
      },
    },
    async (request) =>
      recommendFormatForContact(db(), currentUser(request).id, request.query.contact_id),
  );
};
