import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { LiveEvent } from "@reachout/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/factories";
import { createTestApp, useTestApp } from "../../../tests/helpers";
import { until } from "../../../tests/until";
import { issueSession, revokeSession } from "../../http/auth";
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

/** Reads an SSE response in the background: the text so far, and whether the server ended it. */
function collect(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const state = { text: "", ended: false };
  const done = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) break;
      state.text += decoder.decode(chunk.value, { stream: true });
    }
    state.ended = true;
  })();
  return { state, done, stop: () => reader.cancel().catch(() => {}) };
}

/** Polls a condition until it holds (or fails the test after a generous bound). */

/** Opens a stream as the web page does: a single-use ticket by POST, then GET ?ticket=. */
async function openStream(baseUrl: string, token: string): Promise<Response> {
  const answer = await fetch(`${baseUrl}/api/events/ticket`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
  });
  if (answer.status !== 200) throw new Error(`ticket answered ${answer.status}`);
  const { ticket } = (await answer.json()) as { ticket: string };
  return fetch(`${baseUrl}/api/events?ticket=${encodeURIComponent(ticket)}`);
}

async function waitForSubscriber(userId: string) {
  await until("a subscriber", () => subscriberCount(userId) > 0, 10_000, 10);
}

describe("GET /api/events", () => {
  it("answers 401 with a detail without a token or with a forged one", async () => {
    const none = await t.app.inject({ url: "/api/events" });
    expect(none.statusCode).toBe(401);
    expect(none.json().detail).toBeTruthy();
    const forged = await t.app.inject({
      url: "/api/events",
      headers: { authorization: "Bearer abc.def.ghi" },
    });
    expect(forged.statusCode).toBe(401);
    const made = await t.app.inject({ url: "/api/events?ticket=made-up" });
    expect(made.statusCode).toBe(401);
  });

  it("refuses a session token in the URL (issue 32): only a ticket or the bearer header", async () => {
    const ada = await createUser(t, { credits: 5 });
    for (const name of ["access_token", "token", "t"]) {
      const response = await t.app.inject({ url: `/api/events?${name}=${ada.token}` });
      expect(response.statusCode, name).toBe(401);
    }
  });

  it("a ticket opens one stream, once, within 30 seconds, while its session lives", async () => {
    const ada = await createUser(t, { credits: 5 });
    const issued = await t.app.inject({
      method: "POST",
      url: "/api/events/ticket",
      headers: ada.auth,
    });
    expect(issued.statusCode).toBe(200);
    const { ticket, expires_in: expiresIn } = issued.json();
    expect(expiresIn).toBe(30);
    expect(ticket).not.toContain(ada.token);
    const response = await fetch(`${t.baseUrl}/api/events?ticket=${ticket}`);
    expect(response.status).toBe(200);
    await waitForSubscriber(ada.id);
    publishEvent(ada.id, { type: "credits", credits: 6 });
    const { text } = await readUntil(response, (so) => so.includes('"credits":6'));
    expect(dataLines(text)).toEqual([{ type: "credits", credits: 6 }]);
    // Used: the same ticket opens nothing again.
    const again = await t.app.inject({ url: `/api/events?ticket=${ticket}` });
    expect(again.statusCode).toBe(401);

    // Stale: a ticket older than 30 seconds opens nothing.
    const stale = (
      await t.app.inject({ method: "POST", url: "/api/events/ticket", headers: ada.auth })
    ).json().ticket;
    await t.deps.database.raw.query(
      "update event_tickets set expires_at = now() - interval '1 second'",
    );
    expect((await t.app.inject({ url: `/api/events?ticket=${stale}` })).statusCode).toBe(401);

    // Its session logged out: the ticket dies with it.
    const orphan = (
      await t.app.inject({ method: "POST", url: "/api/events/ticket", headers: ada.auth })
    ).json().ticket;
    await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: ada.auth });
    expect((await t.app.inject({ url: `/api/events?ticket=${orphan}` })).statusCode).toBe(401);
  });

  it("streams the user's own events, and only theirs, as JSON data lines", async () => {
    const ada = await createUser(t, { credits: 5 });
    const bob = await createUser(t, { credits: 5 });
    const response = await openStream(t.baseUrl, ada.token);
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
    // The client went away: the server drops the subscription.
    await until("no subscriber left", () => subscriberCount(ada.id) === 0, 10_000, 10);
  });

  it("accepts the bearer header as well as a ticket", async () => {
    const ada = await createUser(t, { credits: 5 });
    const response = await fetch(`${t.baseUrl}/api/events`, { headers: ada.auth });
    expect(response.status).toBe(200);
    await waitForSubscriber(ada.id);
    publishEvent(ada.id, { type: "credits", credits: 7 });
    const { text } = await readUntil(response, (so) => so.includes('"credits":7'));
    expect(dataLines(text)).toEqual([{ type: "credits", credits: 7 }]);
  });

  it("refuses a revoked session", async () => {
    const ada = await createUser(t, { credits: 5 });
    const jti = JSON.parse(Buffer.from(ada.token.split(".")[1], "base64url").toString()).jti;
    await revokeSession(t.deps.database.db, sha256(jti));
    const response = await t.app.inject({ url: "/api/events", headers: ada.auth });
    expect(response.statusCode).toBe(401);
  });

  it("ends a stream when its session logs out: nothing is sent after the log-out", async () => {
    const ada = await createUser(t, { credits: 5 });
    const other = await issueSession(t.deps.database.db, t.deps.config, ada);
    const response = await openStream(t.baseUrl, ada.token);
    const kept = await openStream(t.baseUrl, other);
    await until("two subscribers", () => subscriberCount(ada.id) === 2, 10_000, 10);
    publishEvent(ada.id, { type: "credits", credits: 4 });

    const stream = collect(response);
    const keptStream = collect(kept);
    // Wait until the first event went out on both, then log out with the first one's session.
    await until(
      "credits 4 on the first stream",
      () => stream.state.text.includes('"credits":4'),
      10_000,
      10,
    );
    await until(
      "credits 4 on the kept stream",
      () => keptStream.state.text.includes('"credits":4'),
      10_000,
      10,
    );
    const started = Date.now();
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: ada.auth,
    });
    expect(logout.statusCode, logout.body).toBe(200);
    publishEvent(ada.id, { type: "credits", credits: 3 });

    await stream.done;
    // Ended at once: well before the 25 s heartbeat would have noticed.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(dataLines(stream.state.text)).toEqual([{ type: "credits", credits: 4 }]);
    // The same person's other session keeps its stream and gets the event.
    await until(
      "credits 3 on the kept stream",
      () => keptStream.state.text.includes('"credits":3'),
      10_000,
      10,
    );
    expect(dataLines(keptStream.state.text)).toEqual([
      { type: "credits", credits: 4 },
      { type: "credits", credits: 3 },
    ]);
    expect(keptStream.state.ended).toBe(false);
    await keptStream.stop();
  });

  it("sends nothing on a stream whose session was revoked elsewhere (another instance)", async () => {
    const ada = await createUser(t, { credits: 5 });
    const response = await openStream(t.baseUrl, ada.token);
    await waitForSubscriber(ada.id);
    const jti = JSON.parse(Buffer.from(ada.token.split(".")[1], "base64url").toString()).jti;
    // Revoked in the database only: this process is not told, as with a log-out elsewhere.
    await revokeSession(t.deps.database.db, sha256(jti));
    publishEvent(ada.id, { type: "credits", credits: 2 });
    const { text, ended } = await readUntil(response, () => false, 10_000);
    expect(ended).toBe(true);
    expect(dataLines(text)).toEqual([]);
  });

  it("ends open streams when the app shuts down", async () => {
    const other = await createTestApp();
    const ada = await createUser(other, { credits: 5 });
    const response = await openStream(other.baseUrl, ada.token);
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
