import type { FastifyRequest } from "fastify";
import type { Config } from "../config";

/**
 * The strict per-minute limit, per IP, of the routes anyone may call (sign-up, log-in and the
 * other auth forms, the waitlist, the newsletter, opt-out): each can make Reachout look up or
 * email an address typed in. AUTH_RATE_LIMIT_MAX a minute.
 */
export function publicFormLimit(config: Pick<Config, "rateLimit">) {
  return { rateLimit: { max: config.rateLimit.authMax, timeWindow: "1 minute" } };
}

/**
 * A per-minute limit for one signed-in person, counted after authentication on the user id: the
 * spelling of the Authorization header (`bEarer`, extra spaces) or another session of the same
 * user does not buy a fresh allowance. Routes using it must be guarded by requireUser.
 */
export function perUserLimit(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: "1 minute",
      // preHandler runs after the guards (moved to preValidation in app.ts): request.user is set.
      hook: "preHandler" as const,
      keyGenerator: (request: FastifyRequest) =>
        request.user ? `user:${request.user.id}` : `ip:${request.ip}`,
    },
  };
}
