import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from "node:crypto";

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");
export const randomDigits = (length: number) =>
  Array.from({ length }, () => randomInt(0, 10)).join("");

/**
 * The keys mailbox tokens are sealed with (TOKEN_ENCRYPTION_KEY, a list, newest first): new
 * secrets are sealed under the newest; an older one still opens what it sealed, until
 * `npm run rotate-keys` has re-sealed everything under the newest and it can be removed.
 */
export interface KeyRing {
  /** Each key with its id, newest first. */
  keys: { id: string; key: Buffer }[];
}

/** A key's id: a short fingerprint stored with what it seals (never the key itself). */
export function keyId(key: Buffer): string {
  return createHash("sha256").update("reachout-token-key:").update(key).digest("hex").slice(0, 8);
}

export function keyRing(keys: Buffer[]): KeyRing {
  if (keys.length === 0) throw new Error("a key ring needs at least one key");
  return { keys: keys.map((key) => ({ id: keyId(key), key })) };
}

/** The id of the key that sealed `sealed`, or null for a secret sealed before keys had ids. */
export function sealedKeyId(sealed: string): string | null {
  const colon = sealed.indexOf(":");
  return colon > 0 ? sealed.slice(0, colon) : null;
}

/** A sealed secret whose key is not in the ring (removed before it was re-sealed). */
export class UnknownKeyError extends Error {
  constructor(readonly keyId: string) {
    super(`sealed under key ${keyId}, which TOKEN_ENCRYPTION_KEY no longer lists`);
  }
}

/** AES-256-GCM under the ring's newest key: output is `keyid:iv.tag.ciphertext`, base64url. */
export function encryptSecret(plain: string, ring: KeyRing): string {
  const { id, key } = ring.keys[0];
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${id}:${[iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url")).join(".")}`;
}

/**
 * Opens a sealed secret with the key it names; one sealed before keys had ids (`iv.tag.data`)
 * is tried with each key, newest first (GCM's tag tells the right one).
 */
export function decryptSecret(sealed: string, ring: KeyRing): string {
  const id = sealedKeyId(sealed);
  if (id === null) {
    let failure: unknown;
    for (const { key } of ring.keys) {
      try {
        return openSealed(sealed, key);
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  }
  const named = ring.keys.find((k) => k.id === id);
  if (!named) throw new UnknownKeyError(id);
  return openSealed(sealed.slice(id.length + 1), named.key);
}

function openSealed(body: string, key: Buffer): string {
  const [iv, tag, data] = body.split(".").map((p) => Buffer.from(p, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
}

/**
 * An HMAC-SHA256 (base64url) of a value for one purpose: the purpose keeps a signature made
 * for one use (a resume link, a Graph client state) from being valid for another.
 */
export function signFor(secret: Uint8Array, purpose: string, value: string): string {
  return createHmac("sha256", secret).update(`${purpose}:${value}`).digest("base64url");
}

/** Compares a secret the caller presented with the expected one in constant time. */
export function isSameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}
