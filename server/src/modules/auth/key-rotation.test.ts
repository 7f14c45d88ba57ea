import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/helpers";
import type { Database } from "../../db/client";
import { runMigrations } from "../../db/migrate";
import { decryptSecret, encryptSecret, keyId, keyRing, sealedKeyId } from "../../lib/crypto";
import { rotateMailboxTokenKeys } from "./key-rotation";

describe("rotateMailboxTokenKeys", () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await runMigrations(database);
  });
  afterAll(async () => {
    await drop?.();
  });

  async function mailbox(sealed: string): Promise<string> {
    const [{ id }] = (
      await database.raw.query<{ id: string }>(
        "insert into users (email, signup_method) values ($1, 'email') returning id::text",
        [`k-${randomBytes(4).toString("hex")}@example.edu`],
      )
    ).rows;
    await database.raw.query(
      "insert into mailboxes (user_id, email, refresh_token_enc, scopes) values ($1, $2, $3, 'gmail.send')",
      [id, `m-${id}@example.edu`, sealed],
    );
    return id;
  }
  const sealedOf = async (id: string) =>
    (
      await database.raw.query<{ refresh_token_enc: string }>(
        "select refresh_token_enc from mailboxes where user_id = $1",
        [id],
      )
    ).rows[0].refresh_token_enc;

  it("re-seals old and id-less tokens under the newest key, reports (and keeps) a removed key's", async () => {
    const [oldKey, newKey, removedKey] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const ring = keyRing([newKey, oldKey]);
    const old = await mailbox(encryptSecret("1//old", keyRing([oldKey])));
    const idless = encryptSecret("1//legacy", keyRing([oldKey]));
    const legacy = await mailbox(idless.slice(idless.indexOf(":") + 1));
    const current = encryptSecret("1//current", ring);
    const already = await mailbox(current);
    const removedSealed = encryptSecret("1//gone", keyRing([removedKey]));
    const removed = await mailbox(removedSealed);

    const progress: number[] = [];
    const result = await rotateMailboxTokenKeys(database.raw, ring, {
      batchSize: 1,
      onProgress: (done) => progress.push(done),
    });
    expect(result).toEqual({
      keyId: keyId(newKey),
      reEncrypted: 2,
      unreadable: [{ userId: removed, keyId: keyId(removedKey) }],
    });
    expect(progress).toEqual([1, 2, 3]);
    const newest = keyRing([newKey]);
    expect(decryptSecret(await sealedOf(old), newest)).toBe("1//old");
    expect(decryptSecret(await sealedOf(legacy), newest)).toBe("1//legacy");
    expect(sealedKeyId(await sealedOf(legacy))).toBe(keyId(newKey));
    expect(await sealedOf(already)).toBe(current);
    expect(await sealedOf(removed)).toBe(removedSealed);

    const again = await rotateMailboxTokenKeys(database.raw, ring);
    expect(again.reEncrypted).toBe(0);
    expect(again.unreadable.map((u) => u.userId)).toEqual([removed]);
  });
});
