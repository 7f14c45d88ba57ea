import { ErrorResponse, EventsQuery } from "@reachout/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bearerToken, resolveUser } from "../../http/auth";
import { unauthorized } from "../../http/errors";
import { type EventStream, openEventStream } from "./stream";

/** A user may keep this many live streams (tabs); opening another closes the oldest. */
const MAX_STREAMS_PER_USER = 5;

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<EventStream>();
  // An open stream would keep app.close() waiting forever: end every stream first.
  app.addHook("preClose", async () => {
    for (const stream of open) stream.close();
  });

  app.get(
    "/events",
    {
      // The token may ride in the query string: keep request URLs out of the info-level logs.
      logLevel: "warn",
      schema: {
        tags: ["events"],
        summary: "Server-sent events: new agent contacts, replies, credit changes",
        description:
          "EventSource cannot send headers, so the session token may be given as ?access_token=. " +
          "Each event's data is a LiveEvent as JSON; a comment line is sent every 25 s.",
        querystring: EventsQuery,
        response: { 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      const token = request.query.access_token ?? bearerToken(request);
      if (!token) throw unauthorized("Not authenticated");
      const { database, config } = app.deps;
      const user = await resolveUser(database.db, config, token);
      if (!user) throw unauthorized("Your session has expired. Please log in again.");

      const mine = [...open].filter((stream) => stream.userId === user.id);
      if (mine.length >= MAX_STREAMS_PER_USER) mine[0].close();

      reply.hijack();
      const stream = openEventStream(request.raw, reply.raw, {
        userId: user.id,
        sessionHash: user.sessionHash,
        // A logout (or expiry) ends the stream at the next heartbeat.
        isSessionAlive: async () => (await resolveUser(database.db, config, token)) !== null,
        onClose: () => open.delete(stream),
      });
      open.add(stream);
    },
  );
};
