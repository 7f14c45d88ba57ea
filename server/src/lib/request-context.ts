import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/**
 * The request (or job) id of the work under way: set by the HTTP layer for each request and by
 * the job runner for each job, read when a job is queued so that the job carries the id of the
 * request that caused it, and prints it in the worker's log lines.
 */
const context = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` (and everything it starts) as part of the work with this id. */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return context.run({ requestId }, fn);
}

/** The id of the work under way, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

/**
 * An incoming X-Request-Id (a proxy's or a client's) is kept when it looks like an id: short,
 * printable, no spaces, so it cannot forge log lines or carry a payload. Anything else gets a
 * fresh UUID.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export function requestIdFrom(header: unknown): string {
  return typeof header === "string" && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** The job payload key that carries the id of the request that queued the job. */
export const REQUEST_ID_KEY = "requestId";
