import type { RawSql } from "../../db/client";
import {
  decryptSecret,
  encryptSecret,
  type KeyRing,
  sealedKeyId,
  UnknownKeyError,
} from "../../lib/crypto";

/** A mailbox token no key of TOKEN_ENCRYPTION_KEY opens: left as it is, and reported. */
export interface UnreadableToken {
  userId: string;
  /** The id of the key that sealed it (null: sealed before keys had ids, and no key opens it). */
  keyId: string | null;
}

export interface KeyRotationResult {
  /** The newest key, which every token readable now is sealed under. */
  keyId: string;
  /** Tokens re-sealed by this run. */
  reEncrypted: number;
  unreadable: UnreadableToken[];
}

/**
 * Re-seals every mailbox refresh token under the newest key of the ring, a batch at a time.
 * Each batch is one statement, so a run killed half-way leaves every token either as it was or
 * re-sealed; running again finishes (what is under the newest key is not read again). A token
 * changed meanwhile (the provider rotated it and the app stored the new one, under the newest
 * key) is not overwritten: the update names the ciphertext it read. A token under a key the ring
 * no longer holds is never changed, only reported, so putting the key back still opens it.
 */
export async function rotateMailboxTokenKeys(
  raw: RawSql,
  ring: KeyRing,
  options: { batchSize?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<KeyRotationResult> {
  const batchSize = options.batchSize ?? 500;
  const newest = ring.keys[0].id;
  const stale = "refresh_token_enc not like $1";
  const prefix = `${newest}:%`;
  const [{ total }] = (
    await raw.query<{ total: number }>(
      `select count(*)::int as total from mailboxes where ${stale}`,
      [prefix],
    )
  ).rows;
  const unreadable: UnreadableToken[] = [];
  let reEncrypted = 0;
  let after: string | null = null;
  for (;;) {
    const rows: { user_id: string; refresh_token_enc: string }[] = (
      await raw.query<{ user_id: string; refresh_token_enc: string }>(
        `select user_id::text, refresh_token_enc from mailboxes
          where ${stale} and ($2::uuid is null or user_id > $2::uuid)
          order by user_id limit $3`,
        [prefix, after, batchSize],
      )
    ).rows;
    if (rows.length === 0) break;
    after = rows[rows.length - 1].user_id;
    const ids: string[] = [];
    const before: string[] = [];
    const sealed: string[] = [];
    for (const row of rows) {
      let plain: string;
      try {
        plain = decryptSecret(row.refresh_token_enc, ring);
      } catch (error) {
        unreadable.push({
          userId: row.user_id,
          keyId:
            error instanceof UnknownKeyError ? error.keyId : sealedKeyId(row.refresh_token_enc),
        });
        continue;
      }
      ids.push(row.user_id);
      before.push(row.refresh_token_enc);
      sealed.push(encryptSecret(plain, ring));
    }
    if (ids.length > 0) {
      const updated = await raw.query<{ user_id: string }>(
        `update mailboxes g set refresh_token_enc = v.sealed
           from unnest($1::uuid[], $2::text[], $3::text[]) as v(user_id, before, sealed)
          where g.user_id = v.user_id and g.refresh_token_enc = v.before
          returning g.user_id`,
        [ids, before, sealed],
      );
      reEncrypted += updated.rows.length;
    }
    options.onProgress?.(reEncrypted + unreadable.length, total);
  }
  return { keyId: newest, reEncrypted, unreadable };
}
