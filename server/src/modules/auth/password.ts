import { hash, verify } from "@node-rs/argon2";

// @node-rs/argon2 defaults to Argon2id (19 MiB, 2 passes, 1 lane: the OWASP baseline).
export const hashPassword = (password: string) => hash(password);

/** A real hash of a random string: verifying against it costs as much as a real check. */
const DECOY_HASH = hash(crypto.randomUUID());

/**
 * Checks a password against a stored hash. Without a hash (unknown email, Google account) it
 * still spends the time of a real check, so the answer's timing says nothing about the account.
 */
export async function checkPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await DECOY_HASH, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
