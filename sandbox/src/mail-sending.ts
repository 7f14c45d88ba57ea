import type { FastifyReply, FastifyRequest } from "fastify";
import type { ParsedMail } from "mailparser";

/** A status code meaning "accept the message, then answer 500": a response lost after sending. */
const ACCEPT_THEN_FAIL = 599;
/** A status code meaning "drop the connection without answering", as a timeout looks to a client. */
const DROP_CONNECTION = 598;

/** A mailbox of the Gmail or Graph stand-in, with the statuses its next sends answer. */
interface FaultQueue {
  address: string;
  faults: number[];
}

/** How a send meets the next fault queued for its mailbox. */
export type SendFault =
  | { refused: true; answer: unknown }
  | { refused: false; failAfterStoring: boolean };

/**
 * Takes the next fault queued for a mailbox's sends and plays what comes before the message is
 * stored: 598 drops the connection, any other status but 599 is answered with the provider's
 * error body (`refuse`) and nothing is stored. 599 lets the send store the message, then answer
 * 500 (`failAfterStoring`).
 */
export function takeSendFault(
  mailbox: FaultQueue,
  reply: FastifyReply,
  refuse: (status: number) => unknown,
): SendFault {
  const fault = mailbox.faults.shift();
  if (fault === DROP_CONNECTION) {
    reply.hijack();
    reply.raw.destroy();
    return { refused: true, answer: undefined };
  }
  if (fault !== undefined && fault !== ACCEPT_THEN_FAIL) {
    return { refused: true, answer: refuse(fault) };
  }
  return { refused: false, failAfterStoring: fault === ACCEPT_THEN_FAIL };
}

/**
 * Test control POST /faults `{from, responses}`: the status codes (400-599) the next sends from
 * `from` answer, in order.
 */
export function queueFaults(mailboxOf: (address: string) => FaultQueue) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { from, responses } = (request.body ?? {}) as { from?: string; responses?: unknown };
    const valid =
      Array.isArray(responses) &&
      responses.every((r) => Number.isInteger(r) && (r as number) >= 400 && (r as number) <= 599);
    if (typeof from !== "string" || !from.includes("@") || !valid) {
      return reply
        .code(400)
        .send({ detail: "from and responses (status codes 400-599) are required" });
    }
    const mailbox = mailboxOf(from);
    mailbox.faults.push(...(responses as number[]));
    return { from: mailbox.address, pending: mailbox.faults.length };
  };
}

/** A sent message's own header fields, unfolded, as the providers keep them. */
export function headerFieldsOf(parsed: ParsedMail): Array<{ name: string; value: string }> {
  return parsed.headerLines.map(({ line }) => {
    const colon = line.indexOf(":");
    return {
      name: line.slice(0, colon).trim(),
      value: line
        .slice(colon + 1)
        .replace(/\r?\n[ \t]+/g, " ")
        .trim(),
    };
  });
}
