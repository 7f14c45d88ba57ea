import { z } from "zod";

/**
 * What GET /api/events (server-sent events) announces to a signed-in user. Each message's
 * `data` is one of these as JSON; the SSE event name is always "message".
 */
export const LiveEvent = z.discriminatedUnion("type", [
  /** The agent saved new contacts for a target position. */
  z.object({
    type: z.literal("contacts"),
    position_id: z.string(),
    contact_ids: z.array(z.string()),
    count: z.number().int(),
  }),
  /** A contact replied to the user's email. */
  z.object({ type: z.literal("reply"), contact_id: z.string() }),
  /** Not a reply: a bounce, a delay notice or an automatic reply arrived in a contact's thread. */
  z.object({
    type: z.literal("delivery"),
    contact_id: z.string(),
    kind: z.enum(["bounce", "delay", "auto_reply"]),
  }),
  /** The user's credit balance changed. */
  z.object({ type: z.literal("credits"), credits: z.number().int() }),
  /** Every active target position was paused because credits fell below the agent minimum. */
  z.object({ type: z.literal("positions_paused"), message: z.string() }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;

/**
 * The query of GET /api/events: EventSource cannot send headers, so a single-use ticket from
 * POST /api/events/ticket rides along (never the session token: URLs end up in logs).
 */
export const EventsQuery = z.object({ ticket: z.string().min(1).max(128).optional() });
/** POST /api/events/ticket: opens one stream within `expires_in` seconds. */
export const EventTicketResponse = z.object({ ticket: z.string(), expires_in: z.number().int() });
