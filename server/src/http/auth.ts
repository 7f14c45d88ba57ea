import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { jwtVerify, SignJWT } from "jose";
import type { Config } from "../config";
import type { DbOrTx } from "../db/client";
import { sessions, users } from "../db/schema";
import { randomToken, sha256 } from "../lib/crypto";
import { forbidden, unauthorized } from "./errors";

export interface AuthUser {
  id: string;
  email: string;
  isAdmin: boolean;
  sessionHash: string;
}

declare module "fastify" {
  interface FastifyRequest {
    user?: AuthUser;
  }
}

/**
 * The HMAC key, imported once per secret: given raw bytes, jose imports a key on every sign and
 * verify, which costs more than the signature check itself.
 */
const hmacKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      "raw",
      new Uint8Array(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    hmacKeys.set(secret, key);
  }
  return key;
}

/** The live-session look-up every authenticated request makes, built and prepared once. */
function prepareSessionLookup(db: DbOrTx) {
  return db
    .select({ id: users.id, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder("sessionHash")),
        eq(sessions.userId, sql.placeholder("userId")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare("resolve_session");
}
const sessionLookups = new WeakMap<DbOrTx, ReturnType<typeof prepareSessionLookup>>();

export async function issueSession(
  db: DbOrTx,
  config: Config,
  user: { id: string; email: string },
): Promise<string> {
  const jti = randomToken(24);
  const expiresAt = new Date(Date.now() + config.sessionTtlHours * 3600_000);
  await db.insert(sessions).values({ idHash: sha256(jti), userId: user.id, expiresAt });
  return new SignJWT({ email: user.email })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(user.id)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(await hmacKey(config.jwtSecret));
}

export async function revokeSession(db: DbOrTx, sessionHash: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.idHash, sessionHash));
}

/**
 * The claims of a session token signed with JWT_SECRET or, during a rotation's grace period,
 * with a previous secret (JWT_PREVIOUS_SECRET); null when none of them signed it or it expired.
 */
async function verifySessionToken(
  config: Pick<Config, "jwtSecret" | "jwtPreviousSecrets">,
  token: string,
): Promise<{ sub?: string; jti?: string } | null> {
  for (const secret of [config.jwtSecret, ...config.jwtPreviousSecrets]) {
    try {
      const { payload } = await jwtVerify(token, await hmacKey(secret), { algorithms: ["HS256"] });
      return payload;
    } catch (error) {
      // Another secret may have signed it; an expired or malformed token stays refused.
      if ((error as { code?: string }).code !== "ERR_JWS_SIGNATURE_VERIFICATION_FAILED")
        return null;
    }
  }
  return null;
}

/** Verifies the bearer token and that its session row is alive. Answers null when it is not. */
export async function resolveUser(
  db: DbOrTx,
  config: Config,
  token: string,
): Promise<AuthUser | null> {
  const payload = await verifySessionToken(config, token);
  if (!payload?.sub || !payload.jti) return null;
  const sessionHash = sha256(payload.jti);
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ sessionHash, userId: payload.sub });
  if (!row) return null;
  return { ...row, isAdmin: config.adminEmails.includes(row.email), sessionHash };
}

/**
 * The user of a live session known by its hash (a flow or a ticket that kept it), or null once
 * the session was revoked (log-out, password change) or expired.
 */
export async function findLiveSession(
  db: DbOrTx,
  config: Config,
  sessionHash: string,
): Promise<AuthUser | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, sessionHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!row) return null;
  return { ...row, isAdmin: config.adminEmails.includes(row.email), sessionHash };
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.toLowerCase().startsWith("bearer ")) return undefined;
  return header.slice(7).trim() || undefined;
}

/** Registers `app.requireUser` and `app.requireAdmin` preHandlers. */
export function registerAuth(app: FastifyInstance): void {
  const authenticate = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized("Not authenticated");
    const user = await resolveUser(app.deps.database.db, app.deps.config, token);
    if (!user) throw unauthorized("Your session has expired. Please log in again.");
    request.user = user;
  };
  app.decorate("requireUser", authenticate);
  app.decorate("requireAdmin", async (request: FastifyRequest) => {
    await authenticate(request);
    if (!request.user?.isAdmin) throw forbidden("Admins only");
  });
}

/** The authenticated user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
