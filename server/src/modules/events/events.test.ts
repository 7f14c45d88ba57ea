import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { LiveEvent } from "@reachout/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserWithCredits } from "../../../tests/agent-factories";
import { createTestApp, useTestApp } from "../../../tests/helpers";
import { revokeSession } from "../../http/auth";
import { sha256 } from "../../lib/crypto";
import { publishEvent, subscriberCount } from "./bus";
import { openEventStream } from "./stream";

const t = useTestApp();

/** Reads an SSE response until `until` says the text so far is enough (or the stream ends). */
async function readUntil(
  response: Response,
  until: (text: string) => boolean,
  timeoutMs = 5000,
): Promise<{ text: string; ended: boolean }> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
    ]);
    if (chunk === null) break;
    if (chunk.done) return { text, ended: true };
    text += decoder.decode(chunk.value, { stream: true });
    if (until(text)) {
      await reader.cancel().catch(() => {});
      return { text, ended: false };
    }
  }
  await reader.cancel().catch(() => {});
  return { text, ended: false };
}

const dataLines = (text: string): LiveEvent[] =>
  text
    .split("\n")
    .filter((line) => line.startsWith("data: "))
    .map((line) => JSON.parse(line.slice(6)) as LiveEvent);

async function waitForSubscriber(userId: string) {
  for (let i = 0; i < 100 && subscriberCount(userId) === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("GET /api/events", () => {
  it("answers 401 with a detail without a token or with a forged one", async () => {
    const none = await t.app.inject({ url: "/api/events" });
    expect(none.statusCode).toBe(401);
    expect(none.json().detail).toBeTruthy();
    const forged = await t.app.inject({ url: "/api/events?access_token=abc.def.ghi" });
    expect(forged.statusCode).toBe(401);
  });

  it("streams the user's own events, and only theirs, as JSON data lines", async () => {
    const ada = await createUserWithCredits(t.deps, 5);
    const bob = await createUserWithCredits(t.deps, 5);
    const response = await fetch(`${t.baseUrl}/api/events?access_token=${ada.token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    await waitForSubscriber(ada.id);

    publishEvent(bob.id, { type: "credits", credits: 99 });
    publishEvent(ada.id, { type: "credits", credits: 4 });
    publishEvent(ada.id, { type: "reply", contact_id: "c-1" });
    const { text } = await readUntil(response, (so) => so.includes("c-1"));

    expect(text.startsWith("retry: 5000\n")).toBe(true);
    expect(dataLines(text)).toEqual([
      { type: "credits", credits: 4 },
      { type: "reply", contact_id: "c-1" },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(subscriberCount(ada.id)).toBe(0);
  });

  it("accepts the bearer header as well as the query token", async () => {
    const ada = await createUserWithCredits(t.deps, 5);
    const response = await fetch(`${t.baseUrl}/api/events`, { headers: ada.auth });
    expect(response.status).toBe(200);
    await waitForSubscriber(ada.id);
    publishEvent(ada.id, { type: "credits", credits: 7 });
    const { text } = await readUntil(response, (so) => so.includes('"credits":7'));
    expect(dataLines(text)).toEqual([{ type: "credits", credits: 7 }]);
  });

  it("refuses a revoked session", async () => {
    const ada = await createUserWithCredits(t.deps, 5);
    const jti = JSON.parse(Buffer.from(ada.token.split(".")[1], "base64url").toString()).jti;
    await revokeSession(t.deps.database.db, sha256(jti));
    const response = await t.app.inject({ url: `/api/events?access_token=${ada.token}` });
    expect(response.statusCode).toBe(401);
  });

  it("ends open streams when the app shuts down", async () => {
    const other = await createTestApp();
    const ada = await createUserWithCredits(other.deps, 5);
    const response = await fetch(`${other.baseUrl}/api/events?access_token=${ada.token}`);
    await waitForSubscriber(ada.id);
    const reading = readUntil(response, () => false, 10_000);
    const started = Date.now();
    await other.close();
    const { ended } = await reading;
    expect(ended).toBe(true);
    expect(Date.now() - started).toBeLessThan(9000);
  });
});

describe("openEventStream", () => {
  let server: Server;
  let alive = true;
  beforeAll(async () => {
    server = createServer((request, response) => {
      openEventStream(request, response, {
        userId: "stream-user",
        heartbeatMs: 40,
        isSessionAlive: async () => alive,
        onClose: () => {},
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("sends heartbeat comments and ends the stream once the session is gone", async () => {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    const first = await readUntil(response, (text) => text.includes(": ping"));
    expect(first.text).toContain(": ping\n\n");

    const again = await fetch(`http://127.0.0.1:${port}/`);
    alive = false;
    const second = await readUntil(again, () => false);
    expect(second.ended).toBe(true);
  });
});
