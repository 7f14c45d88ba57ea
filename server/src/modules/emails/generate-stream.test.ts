import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addNetworkContacts, createSender } from "../../../tests/factories";
import { type FakeLlm, startFakeLlm } from "../../../tests/fake-llm";
import { createTestApp, type TestApp } from "../../../tests/helpers";
import { until } from "../../../tests/until";
import { revokeSession } from "../../http/auth";
import { sha256 } from "../../lib/crypto";

/**
 * Issue 32, finding 7: a generation stream ran on for 16 s (56 events) after its session
 * logged out. The model here writes one piece every 100 ms for 8 s; the stream must end within
 * a second of the log-out, whether this process handled it or another one did.
 */
const PIECES = 80;
const PIECE_MS = 100;

let llm: FakeLlm;
let t: TestApp;
const open = new Set<ServerResponse>();

beforeAll(async () => {
  llm = await startFakeLlm((body, _request, response) => {
    if (!body.stream) return response.end();
    open.add(response);
    response.setHeader("content-type", "text/event-stream");
    const chunk = (content: string) =>
      `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "fake", choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
    response.write(chunk("Subject: A question about your team\n\nHi Grace,\n\n"));
    let sent = 0;
    const timer = setInterval(() => {
      if (response.writableEnded || response.destroyed) return clearInterval(timer);
      sent += 1;
      response.write(chunk(`word${sent} `));
      if (sent >= PIECES) {
        clearInterval(timer);
        response.end("data: [DONE]\n\n");
      }
    }, PIECE_MS);
  });
  t = await createTestApp(llm.env);
});
afterAll(async () => {
  for (const response of open) response.destroy();
  await t?.close();
  await llm?.close();
});

/** Reads the stream in the background: the text so far, when it ended. */
function collect(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const state = { text: "", endedAt: 0 };
  const done = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) break;
      state.text += decoder.decode(chunk.value, { stream: true });
    }
    state.endedAt = Date.now();
  })();
  return { state, done };
}

const deltas = (text: string) => (text.match(/^event: delta$/gm) ?? []).length;

async function startStream() {
  const ada = await createSender(t);
  const [grace] = await addNetworkContacts(t, ada.id, 1);
  const response = await fetch(`${t.baseUrl}/api/emails/generate/stream`, {
    method: "POST",
    headers: { ...ada.auth, "content-type": "application/json" },
    body: JSON.stringify({ contact_id: grace.id, email_format: "original" }),
  });
  expect(response.status).toBe(200);
  const stream = collect(response);
  // The model is writing: a few body pieces went out.
  await until("three deltas streamed", () => deltas(stream.state.text) >= 3, 15_000, 10);
  return { ada, stream };
}

describe("a generation stream ends at log-out", () => {
  it("within a second of a log-out in this process, with nothing sent after it", async () => {
    const { ada, stream } = await startStream();
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: ada.auth,
    });
    expect(logout.statusCode).toBe(200);
    const loggedOutAt = Date.now();
    const before = deltas(stream.state.text);
    await stream.done;
    expect(stream.state.endedAt - loggedOutAt).toBeLessThan(1000);
    // At most what was already on its way; the email was not finished.
    expect(deltas(stream.state.text) - before).toBeLessThanOrEqual(2);
    expect(stream.state.text).not.toContain("event: done");
  });

  it("within a second of a log-out on another instance (the session revoked in the database)", async () => {
    const { ada, stream } = await startStream();
    const jti = JSON.parse(Buffer.from(ada.token.split(".")[1], "base64url").toString()).jti;
    await revokeSession(t.deps.database.db, sha256(jti));
    const revokedAt = Date.now();
    await stream.done;
    expect(stream.state.endedAt - revokedAt).toBeLessThan(1000);
    expect(stream.state.text).not.toContain("event: done");
  });
});
