import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { runMigrations } from "../../src/db/migrate";
import { decryptSecret, encryptSecret, keyRing, sealedKeyId } from "../../src/lib/crypto";
import { openTestDatabase } from "../helpers";

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// 2,000 keeps the run quick; ROTATE_MAILBOXES=10000 ROTATE_BATCH=500 is the run docs/deploy.md cites.
const MAILBOXES = Number(process.env.ROTATE_MAILBOXES ?? 2_000);
const BATCH = Number(process.env.ROTATE_BATCH ?? 50);

/** `npm run rotate-keys`'s script as its own process, with the given key list. */
function rotateProcess(databaseUrl: string, keys: Buffer[]) {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "src/scripts/rotate-keys.ts", "--batch-size", String(BATCH)],
    {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        NODE_OPTIONS: "",
        NODE_ENV: "test",
        DATABASE_URL: databaseUrl,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "reachout-rotate-")),
        TOKEN_ENCRYPTION_KEY: keys.map((k) => k.toString("base64")).join(","),
        JWT_SECRET: randomBytes(48).toString("base64"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const listeners: (() => void)[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk) => {
      output += chunk;
      for (const listener of listeners) listener();
    });
  }
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
  });
  return {
    child,
    exited,
    output: () => output,
    /** Resolves once the output passes the test. */
    waitFor: (test: (output: string) => boolean) =>
      new Promise<void>((resolve) => {
        const check = () => test(output) && resolve();
        listeners.push(check);
        check();
      }),
  };
}

describe.runIf(process.env.TEST_DATABASE_URL)(
  `rotating TOKEN_ENCRYPTION_KEY on ${MAILBOXES} mailboxes, killed half-way`,
  () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const removedKey = randomBytes(32);
    const oldRing = keyRing([oldKey]);
    let database: Database;
    let url = "";
    let drop: () => Promise<void>;
    /** Each mailbox's refresh token in the clear, by user id. */
    const plain = new Map<string, string>();
    const lost: string[] = [];

    beforeAll(async () => {
      const opened = await openTestDatabase();
      database = opened.database;
      url = opened.url as string;
      drop = opened.drop;
      await runMigrations(database);
      const users = (
        await database.raw.query<{ id: string }>(
          `insert into users (email, signup_method)
           select 'rotate-' || n || '@example.edu', 'email' from generate_series(1, $1) as n
           returning id::text`,
          [MAILBOXES + 2],
        )
      ).rows.map((r) => r.id);
      const ids: string[] = [];
      const sealed: string[] = [];
      for (const [index, id] of users.entries()) {
        const token = `1//refresh-${randomBytes(12).toString("hex")}`;
        ids.push(id);
        if (index < MAILBOXES) {
          plain.set(id, token);
          // A few sealed before keys carried ids (`iv.tag.data`): the rotation gives them one.
          const under = encryptSecret(token, oldRing);
          sealed.push(index % 100 === 0 ? under.slice(under.indexOf(":") + 1) : under);
        } else {
          // Two tokens sealed under a key the operator removed too early.
          lost.push(id);
          sealed.push(encryptSecret(token, keyRing([removedKey])));
        }
      }
      await database.raw.query(
        `insert into mailboxes (user_id, email, refresh_token_enc, scopes)
         select id, 'mailbox-' || id || '@example.edu', enc, 'gmail.send'
           from unnest($1::uuid[], $2::text[]) as v(id, enc)`,
        [ids, sealed],
      );
    }, 120_000);
    afterAll(async () => {
      await drop?.();
    });

    async function tokens() {
      return (
        await database.raw.query<{ user_id: string; refresh_token_enc: string }>(
          "select user_id::text, refresh_token_enc from mailboxes",
        )
      ).rows;
    }

    it("a kill half-way leaves every token readable; a second run finishes, and the lost ones are reported", async () => {
      const keys = [newKey, oldKey];
      const ring = keyRing(keys);
      const first = rotateProcess(url, keys);
      // Half-way: once the script says it has done half of them.
      await first.waitFor((output) =>
        [...output.matchAll(/progress (\d+)\//g)].some((m) => Number(m[1]) >= MAILBOXES / 2),
      );
      first.child.kill("SIGKILL");
      expect(await first.exited).toBe("SIGKILL");

      const halfway = await tokens();
      const rotated = halfway.filter((r) => sealedKeyId(r.refresh_token_enc) === ring.keys[0].id);
      expect(rotated.length, first.output()).toBeGreaterThan(0);
      expect(rotated.length).toBeLessThan(MAILBOXES);
      // Every token still opens, and to what it was, under the old key or the new one.
      for (const row of halfway) {
        if (lost.includes(row.user_id)) continue;
        expect(decryptSecret(row.refresh_token_enc, ring)).toBe(plain.get(row.user_id));
      }

      const second = rotateProcess(url, keys);
      expect(await second.exited, second.output()).toBe(2);
      console.info(
        `killed after ${rotated.length}; resumed: ${second.output().match(/re-encrypted \d+ .* ms/)?.[0]}`,
      );
      expect(second.output()).toMatch(
        new RegExp(`re-encrypted ${MAILBOXES - rotated.length} mailbox token\\(s\\)`),
      );
      expect(second.output()).toContain("2 mailbox token(s) are sealed under a key");
      for (const id of lost) expect(second.output()).toContain(id);

      const after = await tokens();
      expect(after).toHaveLength(MAILBOXES + 2);
      for (const row of after) {
        if (lost.includes(row.user_id)) {
          // Never overwritten: the removed key, put back, still opens it.
          expect(sealedKeyId(row.refresh_token_enc)).toBe(keyRing([removedKey]).keys[0].id);
          expect(() => decryptSecret(row.refresh_token_enc, keyRing([removedKey]))).not.toThrow();
          continue;
        }
        expect(sealedKeyId(row.refresh_token_enc)).toBe(ring.keys[0].id);
        // The old key can now go: the newest alone opens every token.
        expect(decryptSecret(row.refresh_token_enc, keyRing([newKey]))).toBe(
          plain.get(row.user_id),
        );
      }

      // A third run finds nothing left but the two it reports again.
      const third = rotateProcess(url, keys);
      expect(await third.exited).toBe(2);
      expect(third.output()).toContain("re-encrypted 0 mailbox token(s)");
    }, 180_000);
  },
);
