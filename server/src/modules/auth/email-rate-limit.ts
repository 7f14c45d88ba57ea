import type { FastifyInstance, FastifyRequest } from "fastify";
import { tooManyRequests } from "../../http/errors";

/**
 * A second limit per email address, beside the per-IP one of the route config: spreading
 * guesses or sign-ups for one address over many IPs does not get around it.
 */
export function limitByEmail(
  app: FastifyInstance,
  max: number,
  emailOf: (request: FastifyRequest) => string | undefined,
) {
  const check = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => `email:${emailOf(request) ?? ""}`,
  });
  return async (request: FastifyRequest) => {
    if (!emailOf(request)) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw tooManyRequests(
        `Too many attempts for this email. Try again in ${result.ttlInSeconds} seconds.`,
        result.ttlInSeconds,
      );
    }
  };
}
