import {
  Application,
  ApplicationList,
  ApplicationSuggestions,
  CreateApplicationRequest,
  ErrorResponse,
  IdParam,
  LinkApplicationEmailRequest,
  SetApplicationContactsRequest,
  UpdateApplicationRequest,
} from "@reachout/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../http/auth";
import {
  createApplication,
  deleteApplication,
  getApplication,
  linkEmailToApplication,
  listApplications,
  setApplicationContacts,
  suggestContacts,
  updateApplication,
} from "./service";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };

export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const common = { preHandler: app.requireUser };
  const schema = { tags: ["applications"], security: [{ bearer: [] }] };
  const one = { ...schema, params: IdParam };

  app.get(
    "/applications",
    { ...common, schema: { ...schema, response: { 200: ApplicationList, ...errors } } },
    async (request) => listApplications(db(), currentUser(request).id),
  );
  app.post(
    "/applications",
    {
      ...common,
      schema: {
        ...schema,
        body: CreateApplicationRequest,
        response: { 201: Application, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createApplication(db(), currentUser(request).id, request.body)),
  );
  app.get(
    "/applications/:id",
    { ...common, schema: { ...one, response: { 200: Application, ...errors } } },
    async (request) => getApplication(db(), currentUser(request).id, request.params.id),
  );
  app.patch(
    "/applications/:id",
    {
      ...common,
      schema: {
        ...one,
        body: UpdateApplicationRequest,
        response: { 200: Application, 409: ErrorResponse, ...errors },
      },
    },
    async (request) =>
      updateApplication(db(), currentUser(request).id, request.params.id, request.body),
  );
  app.delete(
    "/applications/:id",
    { ...common, schema: { ...one, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteApplication(db(), currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.put(
    "/applications/:id/contacts",
    {
      ...common,
      schema: {
        ...one,
        body: SetApplicationContactsRequest,
        response: { 200: Application, ...errors },
      },
    },
    async (request) =>
      setApplicationContacts(
        db(),
        currentUser(request).id,
        request.params.id,
        request.body.contact_ids,
      ),
  );
  app.put(
    "/applications/:id/emails",
    {
      ...common,
      schema: {
        ...one,
        body: LinkApplicationEmailRequest,
        response: { 200: Application, ...errors },
      },
    },
    async (request) =>
      linkEmailToApplication(
        db(),
        currentUser(request).id,
        request.params.id,
        request.body.email_id,
      ),
  );
  app.get(
    "/applications/:id/suggestions",
    { ...common, schema: { ...one, response: { 200: ApplicationSuggestions, ...errors } } },
    async (request) => suggestContacts(db(), currentUser(request).id, request.params.id),
  );
};
