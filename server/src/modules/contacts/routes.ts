import {
  ContactSearchQuery,
  ContactSearchResponse,
  CreditsRemainingResponse,
  GlobalContactsQuery,
  GlobalContactsResponse,
  GlobalContactsStats,
  NetworkContact,
  NetworkIdParam,
  NetworkPageQuery,
  NetworkPageResponse,
  SaveGlobalContactRequest,
} from "@reachout/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../http/auth";
import { perUserLimit } from "../../http/rate-limit";
import { adminContactRoutes } from "./admin-routes";
import { getDirectoryStats, listDirectoryContacts, saveDirectoryContact } from "./directory";
import { getNetworkContact, listAllNetworkContacts, listNetworkContacts } from "./network";
import { searchContacts } from "./search";

const security = [{ bearer: [] }];

/** A search may call Apollo or an LLM and spends credits: limited per session. */
const searchLimit = perUserLimit(30);

const userContactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const db = database.db;
  app.addHook("preValidation", app.requireUser);

  app.get(
    "/global-contacts/stats",
    { schema: { tags: ["contacts"], security, response: { 200: GlobalContactsStats } } },
    async (request) => getDirectoryStats(database, currentUser(request).id),
  );
  app.get(
    "/global-contacts/all",
    {
      schema: {
        tags: ["contacts"],
        security,
        querystring: GlobalContactsQuery,
        response: { 200: GlobalContactsResponse },
      },
    },
    async (request) => listDirectoryContacts(db, currentUser(request).id, request.query),
  );
  app.post(
    "/global-contacts/save",
    {
      schema: {
        tags: ["contacts"],
        security,
        body: SaveGlobalContactRequest,
        response: { 200: CreditsRemainingResponse },
      },
    },
    async (request) => saveDirectoryContact(db, currentUser(request).id, request.body),
  );

  app.get(
    "/my-network/search",
    {
      config: searchLimit,
      schema: {
        tags: ["network"],
        security,
        querystring: ContactSearchQuery,
        response: { 200: ContactSearchResponse },
      },
    },
    async (request) => searchContacts(app.deps, currentUser(request), request.query),
  );

  const page = {
    tags: ["network"],
    security,
    querystring: NetworkPageQuery,
    response: { 200: NetworkPageResponse },
  };
  app.get("/my-network/mine", { schema: page }, async (request) => {
    const { limit, offset, initial_load } = request.query;
    return listNetworkContacts(db, currentUser(request).id, {
      limit,
      offset: initial_load ? 0 : offset,
    });
  });
  app.get("/my-network/mine/load-more", { schema: page }, async (request) =>
    listNetworkContacts(db, currentUser(request).id, request.query),
  );
  const all = { tags: ["network"], security, response: { 200: NetworkPageResponse } };
  app.get("/my-network/mine/all", { schema: all }, async (request) =>
    listAllNetworkContacts(db, currentUser(request).id),
  );
  app.get("/contacts/mine", { schema: all }, async (request) =>
    listAllNetworkContacts(db, currentUser(request).id),
  );
  app.get(
    "/my-network/contacts/:id",
    {
      schema: {
        tags: ["network"],
        security,
        params: NetworkIdParam,
        response: { 200: NetworkContact },
      },
    },
    async (request) => getNetworkContact(db, currentUser(request).id, request.params.id),
  );
};

/** The global database, contact search and My Network (signed-in users), plus the admin loads. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(userContactRoutes);
  await app.register(adminContactRoutes);
};
