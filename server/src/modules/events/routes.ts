import { ErrorResponse, EventsQuery, EventTicketResponse } from "@reachout/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bearerToken, currentUser, findLiveSession, resolveUser } from "../../http/auth";
import { unauthorized } from "../../http/errors";
import { type EventStream, openEventStream } from "./stream";
import { EVENT_TICKET_TTL_SECONDS, issueEventTicket, redeemEventTicket } from "./tickets";

/** A user may keep this many live streams (tabs); opening another closes the oldest. */
const MAX_STREAMS_PER_USER = 5;

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<EventStream>();
  // An open stream would keep app.close() waiting forever: end every stream first.
  app.addHook("preClose", async () => {
    for (const stream of open) stream.close();
  });

  app.post(
    "/events/ticket",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["events"],
        summary: "A single-use ticket (30 s) that opens one live-event stream",
        security: [{ bearer: [] }],
        response: { 200: EventTicketResponse },
      },
    },
    async (request) => ({
      ticket: await issueEventTicket(app.deps.database.db, currentUser(request)),
      expires_in: EVENT_TICKET_TTL_SECONDS,
    }),
  );

  app.get(
    "/events",
    {
      // A ticket rides in the query string: keep request URLs out of the info-level logs.
      logLevel: "warn",
      schema: {
        tags: ["events"],
        summary: "Server-sent events: new agent contacts, replies, credit changes",
        description:
          "EventSource cannot send headers, so a ticket from POST /api/events/ticket may be " +
          "given as ?ticket= (used once); a session token is never accepted in the URL. " +
          "Each event's data is a LiveEvent as JSON; a comment line is sent every 25 s.",
        querystring: EventsQuery,
        response: { 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { database, config } = app.deps;
      const token = bearerToken(request);
      const { ticket } = request.query;
      if (!token && !ticket) throw unauthorized("Not authenticated");
      const user = ticket
        ? await redeemEventTicket(database.db, config, ticket)
        : await resolveUser(database.db, config, token as string);
      if (!user) throw unauthorized("Your session has expired. Please log in again.");

      const mine = [...open].filter((stream) => stream.userId === user.id);
      if (mine.length >= MAX_STREAMS_PER_USER) mine[0].close();

      reply.hijack();
      const stream = openEventStream(request.raw, reply.raw, {
        userId: user.id,
        sessionHash: user.sessionHash,
        // A logout (or expiry) ends the stream at the next heartbeat.
        isSessionAlive: async () =>
          (await findLiveSession(database.db, config, user.sessionHash)) !== null,
        onClose: () => open.delete(stream),
      });
      open.add(stream);
    },
  );
};
