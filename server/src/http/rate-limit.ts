import type { FastifyRateLimitStore } from "@fastify/rate-limit";
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
export function perUserLimit(max: number, budget?: string) {
  return {
    rateLimit: {
      max,
      timeWindow: "1 minute",
      // Routes naming the same budget share one count (BudgetStore), not one count each.
      ...(budget ? { groupId: budget } : {}),
      // preHandler runs after the guards (moved to preValidation in app.ts): request.user is set.
      hook: "preHandler" as const,
      keyGenerator: (request: FastifyRequest) =>
        request.user ? `user:${request.user.id}` : `ip:${request.ip}`,
    },
  };
}

/**
 * The writing budget: one allowance of 30 a minute per person across every route that has the
 * writer (an LLM) write, so `/emails/generate` and its stream (and the founder email, and the
 * follow-ups an enrolment writes) cannot each spend 30 (issue 32).
 */
export const writingBudget = () => perUserLimit(30, "writing");

type Counted = { current: number; startedAt: number };
type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Counts kept per process, at most this many keys per store (the oldest go first). */
const MAX_KEYS = 5000;

/**
 * The rate limits' in-memory store (fixed one-window counters, as the plugin's own), except that
 * routes whose limit names a budget (`groupId`) share one store: the plugin gives every route a
 * store of its own, so a group id alone would still count each route apart.
 */
export class BudgetStore implements FastifyRateLimitStore {
  private readonly counts = new Map<string, Counted>();

  constructor(
    _options?: unknown,
    private readonly budgets: Map<string, BudgetStore> = new Map(),
  ) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    const now = Date.now();
    let counted = this.counts.get(key);
    if (!counted || counted.startedAt + timeWindow <= now) counted = { current: 0, startedAt: now };
    counted.current++;
    this.counts.delete(key);
    this.counts.set(key, counted);
    if (this.counts.size > MAX_KEYS) {
      const oldest = this.counts.keys().next().value;
      if (oldest !== undefined) this.counts.delete(oldest);
    }
    callback(null, { current: counted.current, ttl: counted.startedAt + timeWindow - now });
  }

  read(key: string, callback: Callback, timeWindow: number): void {
    const now = Date.now();
    const counted = this.counts.get(key);
    if (!counted || counted.startedAt + timeWindow <= now) {
      callback(null, { current: 0, ttl: timeWindow });
      return;
    }
    callback(null, { current: counted.current, ttl: counted.startedAt + timeWindow - now });
  }

  /** A route's store; the plugin passes the route's merged rate-limit settings (typed loosely). */
  child(routeOptions: object): BudgetStore {
    const budget = (routeOptions as { groupId?: unknown }).groupId;
    if (typeof budget !== "string") return new BudgetStore(undefined, this.budgets);
    let shared = this.budgets.get(budget);
    if (!shared) {
      shared = new BudgetStore(undefined, this.budgets);
      this.budgets.set(budget, shared);
    }
    return shared;
  }
}
