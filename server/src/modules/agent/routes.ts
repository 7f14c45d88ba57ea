import {
  ErrorResponse,
  IdParam,
  PositionContactsResponse,
  SearchNowRequest,
  SearchNowResponse,
  TargetPosition,
  TargetPositionList,
  TargetPositionRequest,
  TargetPositionStats,
} from "@reachout/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../http/auth";
import { searchPositionNow } from "./search";
import {
  createPosition,
  deletePosition,
  getPositionStats,
  listPositionContacts,
  listPositions,
  togglePosition,
  updatePosition,
} from "./service";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };

export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const common = { preHandler: app.requireUser };
  const schema = { tags: ["agent"], security: [{ bearer: [] }] };

  app.get(
    "/target_positions",
    { ...common, schema: { ...schema, response: { 200: TargetPositionList, ...errors } } },
    async (request) => listPositions(db(), currentUser(request).id),
  );
  app.get(
    "/target_positions/stats",
    { ...common, schema: { ...schema, response: { 200: TargetPositionStats, ...errors } } },
    async (request) => getPositionStats(db(), currentUser(request).id),
  );
  app.post(
    "/target_positions",
    {
      ...common,
      schema: {
        ...schema,
        body: TargetPositionRequest,
        response: { 201: TargetPosition, 402: ErrorResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPosition(db(), currentUser(request).id, request.body)),
  );
  app.put(
    "/target_positions/:id",
    {
      ...common,
      schema: {
        ...schema,
        params: IdParam,
        body: TargetPositionRequest,
        response: { 200: TargetPosition, 409: ErrorResponse, ...errors },
      },
    },
    async (request) =>
      updatePosition(db(), currentUser(request).id, request.params.id, request.body),
  );
  app.delete(
    "/target_positions/:id",
    {
      ...common,
      schema: { ...schema, params: IdParam, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deletePosition(db(), currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    "/target_positions/:id/contacts",
    {
      ...common,
      schema: {
        ...schema,
        params: IdParam,
        response: { 200: PositionContactsResponse, ...errors },
      },
    },
    async (request) => ({
      contacts: await listPositionContacts(db(), currentUser(request).id, request.params.id),
    }),
  );
  app.post(
    "/target_positions/:id/toggle",
    {
      ...common,
      schema: {
        ...schema,
        params: IdParam,
        response: { 200: TargetPosition, 402: ErrorResponse, ...errors },
      },
    },
    async (request) => togglePosition(db(), currentUser(request).id, request.params.id),
  );
  app.post(
    "/target_positions/:id/search-now",
    {
      ...common,
      schema: {
        ...schema,
        params: IdParam,
        body: SearchNowRequest,
        response: { 200: SearchNowResponse, 402: ErrorResponse, ...errors },
      },
    },
    async (request) =>
      searchPositionNow(db(), currentUser(request).id, request.params.id, request.body.num_results),
  );
};
