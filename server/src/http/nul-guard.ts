import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors";

export const NUL_REFUSED = "Text must not contain NUL characters (\\u0000).";

/** Whether any string in a parsed body, query or params holds U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 32 || value === null || typeof value !== "object") return false;
  if (Buffer.isBuffer(value)) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000") || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL text cannot hold U+0000: such a value would pass validation and then fail the
 * INSERT with a 500. Refuse it at the door with 400 instead, after authentication.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook("preHandler", async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw badRequest(NUL_REFUSED);
    }
  });
}
