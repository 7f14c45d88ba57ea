import { once } from "node:events";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/helpers";

/**
 * A stopping web process (SIGTERM: main.ts closes the app first) answers every request that
 * reaches it on a connection it had accepted, instead of refusing it with a 503 that a reverse
 * proxy's default `proxy_next_upstream error timeout` would hand to the student.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("a web process that is stopping", () => {
  it("answers a request that arrives on an accepted connection after the stop began", async () => {
    // A connection the process accepted just before its stop began (the proxy opened it), whose
    // request arrives just after: the race a rolling restart under load runs into.
    const { port } = new URL(t.baseUrl);
    const accepted = once(t.app.server, "connection");
    const socket = connect(Number(port), "127.0.0.1");
    await once(socket, "connect");
    await accepted;
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    const ended = once(socket, "end");

    const closed = t.app.close();
    socket.write("GET /api/health HTTP/1.1\r\nHost: reachout.example\r\n\r\n");
    await closed;
    await ended;

    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received.toLowerCase()).toContain("connection: close");
  });
});
