import {
  BulkEmailRequest,
  BulkEmailResponse,
  BulkSendRequest,
  BulkSendResponse,
  ContactIdParam,
  CopiedReplyRequest,
  CopiedReplyResponse,
  CopiedSendRequest,
  EmailThread,
  GeneratedEmail,
  GenerateEmailRequest,
  IdParam,
  MESSAGES,
  NetworkIdParam,
  RemoveContactResponse,
  SalesCampaignResponse,
  ScheduledEmail,
  ScheduledEmailsResponse,
  ScheduleEmailRequest,
  SendEmailRequest,
  SendEmailResponse,
  UpdateScheduledEmailRequest,
} from "@reachout/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, findLiveSession } from "../../http/auth";
import { perUserLimit, writingBudget } from "../../http/rate-limit";
import { pushReceived } from "../../lib/metrics";
import { watchSession } from "../events";
import { queueBulkSend, runStudentSalesCampaign, sendBulkEmail } from "./bulk";
import { removeFromNetwork } from "./contact";
import { generateEmail, getConversation, prepareEmail, streamEmail } from "./conversation";
import { recordCopiedReply, recordCopiedSend } from "./copy-mode";
import { describeSend } from "./describe";
import {
  echoGraphValidation,
  PubSubPush,
  receiveGmailPush,
  receiveGraphNotifications,
} from "./push";
import { getScheduledEmail, listScheduledEmails, updateScheduledEmail } from "./scheduled";
import { type Draft, scheduleEmail, sendEmailNow } from "./send";

const security = [{ bearer: [] }];
const COPIED_SEND_RECORDED = "Marked as sent. Reachout counts it like any email you send.";
/** Writing may call a paid LLM (one budget for every writing route); sending spends the user's Gmail quota. */
const writingLimit = writingBudget();
const sendingLimit = perUserLimit(60);

/** The draft a send, a schedule or a copied send carries: its contact from the path. */
const draftOf = (contactId: string, email: SendEmailRequest): Draft => ({
  contactId,
  subject: email.subject,
  body: email.body,
  emailFormat: email.email_format,
});

export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["emails"];
  const auth = { preHandler: app.requireUser };
  /** A send (or a record of one) to a contact of the user's: limited like every send. */
  const sendingTo = <Body extends z.ZodType, Response extends Record<number, z.ZodType>>(
    body: Body,
    response: Response,
  ) => ({
    ...auth,
    config: sendingLimit,
    schema: { tags, security, params: ContactIdParam, body, response },
  });

  app.post(
    "/emails/generate",
    {
      ...auth,
      config: writingLimit,
      schema: { tags, security, body: GenerateEmailRequest, response: { 200: GeneratedEmail } },
    },
    async (request) => generateEmail(app.deps, currentUser(request).id, request.body, request.log),
  );

  app.post(
    "/emails/generate/stream",
    {
      ...auth,
      config: writingLimit,
      schema: {
        tags,
        security,
        body: GenerateEmailRequest,
        description:
          "The same email as /emails/generate, as text/event-stream: `delta` events ({field: " +
          "subject|body, text}; a subject delta is the whole subject so far and starts the email " +
          "afresh: the subject is sent again as its words come), then one `done` event " +
          "with the GeneratedEmail. Errors found before writing answer as JSON with their status.",
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const input = await prepareEmail(app.deps, user.id, request.body);
      reply.hijack();
      const response = reply.raw;
      // A log-out (here or on another instance) ends the stream at once: nothing more is
      // written for a session that is gone (issue 32). The writer's call finishes unheard.
      const end = () => {
        stopWatching();
        if (!response.writableEnded) response.end();
      };
      const { db } = app.deps.database;
      const stopWatching = watchSession(
        user.sessionHash,
        async () => (await findLiveSession(db, app.deps.config, user.sessionHash)) !== null,
        end,
      );
      request.raw.on("close", stopWatching);
      response.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-store, no-transform",
        "x-accel-buffering": "no",
        "x-content-type-options": "nosniff",
      });
      const send = (event: string, data: unknown) => {
        if (!response.writableEnded)
          response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      try {
        const email = await streamEmail(
          app.deps,
          input,
          (delta) => send("delta", delta),
          request.log,
        );
        send("done", GeneratedEmail.parse(email));
      } catch (error) {
        request.log.error({ err: error }, "streamed email generation failed");
        send("error", { detail: MESSAGES.email.generateFailed });
      }
      end();
    },
  );

  // Removing a contact cancels the emails still waiting to go to them, so it lives here.
  app.delete(
    "/my-network/remove/:id",
    {
      preValidation: app.requireUser,
      schema: {
        tags: ["network"],
        security,
        params: NetworkIdParam,
        response: { 200: RemoveContactResponse },
      },
    },
    async (request) =>
      removeFromNetwork(app.deps.database.db, currentUser(request).id, request.params.id),
  );

  app.get(
    "/emails/thread/:contactId",
    { ...auth, schema: { tags, security, params: ContactIdParam, response: { 200: EmailThread } } },
    async (request) => getConversation(app.deps, currentUser(request).id, request.params.contactId),
  );

  app.post(
    "/emails/send/:contactId",
    sendingTo(SendEmailRequest, { 200: SendEmailResponse, 202: SendEmailResponse }),
    async (request, reply) => {
      const userId = currentUser(request).id;
      const email = await sendEmailNow(
        app.deps,
        userId,
        draftOf(request.params.contactId, request.body),
      );
      const answer = await describeSend(app.deps, userId, email);
      return reply.code(answer.status === "sent" ? 200 : 202).send(answer);
    },
  );

  // Pub/Sub's push subscription, authenticated by its OIDC token (not a user session).
  app.post("/gmail/push", { schema: { tags, body: PubSubPush } }, async (request, reply) => {
    pushReceived.inc({ provider: "gmail" });
    await receiveGmailPush(app.deps, request.headers.authorization, request.body);
    return reply.code(204).send();
  });

  // Microsoft Graph's change notifications, authenticated by each one's clientState. The body
  // is read by the service: the validation handshake comes with an empty text/plain body.
  app.post(
    "/microsoft/notifications",
    {
      schema: {
        tags,
        querystring: z.object({ validationToken: z.string().max(10_000).optional() }),
      },
    },
    async (request, reply) => {
      const { validationToken } = request.query;
      if (validationToken !== undefined) {
        const echo = echoGraphValidation(app.deps, validationToken);
        return reply.code(200).type("text/plain; charset=utf-8").send(echo);
      }
      pushReceived.inc({ provider: "microsoft" });
      await receiveGraphNotifications(app.deps, request.body);
      return reply.code(202).send();
    },
  );

  app.post(
    "/emails/copy/:contactId/sent",
    sendingTo(CopiedSendRequest, { 200: SendEmailResponse }),
    async (request) => {
      const userId = currentUser(request).id;
      const email = await recordCopiedSend(app.deps, userId, {
        ...draftOf(request.params.contactId, request.body),
        key: request.body.key,
      });
      const answer = await describeSend(app.deps, userId, email);
      return { ...answer, message: COPIED_SEND_RECORDED };
    },
  );

  app.post(
    "/emails/copy/:contactId/replied",
    sendingTo(CopiedReplyRequest, { 200: CopiedReplyResponse }),
    async (request) =>
      recordCopiedReply(app.deps, currentUser(request).id, {
        contactId: request.params.contactId,
        text: request.body.text,
        key: request.body.key,
      }),
  );

  app.post(
    "/emails/schedule/:contactId",
    sendingTo(ScheduleEmailRequest, { 201: ScheduledEmail }),
    async (request, reply) => {
      const userId = currentUser(request).id;
      const email = await scheduleEmail(app.deps, userId, {
        ...draftOf(request.params.contactId, request.body),
        scheduledAt: request.body.scheduled_at,
      });
      return reply.code(201).send(await getScheduledEmail(app.deps, userId, email.id));
    },
  );

  app.get(
    "/emails/scheduled",
    { ...auth, schema: { tags, security, response: { 200: ScheduledEmailsResponse } } },
    async (request) => ({
      scheduled_emails: await listScheduledEmails(app.deps, currentUser(request).id),
    }),
  );

  app.put(
    "/emails/scheduled/:id",
    {
      ...auth,
      schema: {
        tags,
        security,
        params: IdParam,
        body: UpdateScheduledEmailRequest,
        response: { 200: ScheduledEmail },
      },
    },
    async (request) =>
      updateScheduledEmail(app.deps, currentUser(request).id, request.params.id, request.body),
  );

  app.post(
    "/my-network/mine/bulk-email",
    {
      ...auth,
      config: sendingLimit,
      schema: { tags, security, body: BulkEmailRequest, response: { 200: BulkEmailResponse } },
    },
    async (request) => sendBulkEmail(app.deps, currentUser(request).id, request.body),
  );

  app.post(
    "/emails/bulk",
    {
      ...auth,
      config: sendingLimit,
      schema: {
        tags,
        security,
        body: BulkSendRequest,
        response: { 200: BulkSendResponse },
        description:
          "Queues the bulk dialog's emails (each its own text) on the mailbox's line: sent one " +
          "at a time, GMAIL_MIN_SPACING_SECONDS apart, within the daily (warm-up) cap.",
      },
    },
    async (request) => queueBulkSend(app.deps, currentUser(request).id, request.body),
  );

  // The spec's client (§7) calls this without a token; the server requires an admin's anyway
  // (docs/decisions/ on the sales campaign).
  app.post(
    "/sales_campaign_students",
    {
      preHandler: app.requireAdmin,
      config: { rateLimit: { max: 5, timeWindow: "1 minute" } },
      schema: {
        tags: ["admin"],
        security,
        description: `Failure message for clients: "${MESSAGES.admin.salesFailed}"`,
        response: { 200: SalesCampaignResponse },
      },
    },
    async (request) => runStudentSalesCampaign(app.deps, currentUser(request).id),
  );
};
