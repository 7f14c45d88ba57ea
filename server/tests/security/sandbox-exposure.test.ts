import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers";

/**
 * The sandbox switched on by itself (no keys, SANDBOX unset) answers only this machine: the
 * mailbox with everyone's verification codes and the stand-in sign-in are 404 for any other
 * client, whatever X-Forwarded-For claims. An explicit SANDBOX=on shares it.
 */
let auto: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  auto = await createTestApp({ SANDBOX: "auto" });
  proxied = await createTestApp({ SANDBOX: "auto", TRUST_PROXY: "127.0.0.1" });
});
afterAll(async () => {
  await auto?.close();
  await proxied?.close();
});

const paths = [
  "/__sandbox/mail.json",
  "/__sandbox/mail",
  "/__sandbox/google/authorize?client_id=x&redirect_uri=x&response_type=code&scope=openid",
  "/__sandbox/stripe/v1/prices",
];

describe("sandbox exposure", () => {
  it("answers loopback clients", async () => {
    expect(auto.deps.config.sandbox).toBe(true);
    const response = await auto.app.inject({ url: "/__sandbox/mail.json" });
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json())).toBe(true);
    // Over the network too: the server's own clients reach the stand-ins this way.
    const overHttp = await fetch(`${auto.baseUrl}/__sandbox/mail.json`);
    expect(overHttp.status).toBe(200);
  });

  it("answers 404 to any other client, whatever X-Forwarded-For says", async () => {
    for (const url of paths) {
      for (const headers of [{}, { "x-forwarded-for": "127.0.0.1" }]) {
        const response = await auto.app.inject({ url, remoteAddress: "203.0.113.7", headers });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().detail).toMatch(/^No route for GET \/__sandbox\//);
      }
    }
  });

  it("answers 404 to a client forwarded by a trusted proxy on this machine", async () => {
    const response = await proxied.app.inject({
      url: "/__sandbox/mail.json",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(response.statusCode).toBe(404);
    const local = await proxied.app.inject({ url: "/__sandbox/mail.json" });
    expect(local.statusCode).toBe(200);
  });

  it("answers 404 to a client a reverse proxy on this host forwards, with TRUST_PROXY unset (issue 32)", async () => {
    // Behind nginx or Caddy on the same machine every request arrives from 127.0.0.1: the
    // header the proxy writes names the real client, and any header naming another client
    // (or hiding it) makes the request someone else's.
    const forwarded = [
      { "x-forwarded-for": "203.0.113.7" },
      { "x-forwarded-for": "127.0.0.1, 203.0.113.7" },
      { "x-real-ip": "203.0.113.7" },
      { forwarded: "for=203.0.113.7;proto=https" },
      { forwarded: 'for="[2001:db8::7]:4711"' },
      { forwarded: "for=unknown" },
      { forwarded: "for=_hidden" },
    ];
    for (const url of paths) {
      for (const headers of forwarded) {
        const response = await auto.app.inject({ url, remoteAddress: "127.0.0.1", headers });
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(404);
      }
    }
    // Over a real socket too (the proxy's own connection to the app).
    const overHttp = await fetch(`${auto.baseUrl}/__sandbox/mail.json`, {
      headers: { "x-forwarded-for": "198.51.100.4" },
    });
    expect(overHttp.status).toBe(404);
    // A header that names only this machine is this machine.
    for (const headers of [
      { "x-forwarded-for": "127.0.0.1" },
      { forwarded: 'for="[::1]"' },
      { "x-real-ip": "::1" },
    ]) {
      const local = await auto.app.inject({
        url: "/__sandbox/mail.json",
        remoteAddress: "127.0.0.1",
        headers,
      });
      expect(local.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it("is shared with every client when SANDBOX=on is explicit", async () => {
    const open = await createTestApp({ SANDBOX: "on" });
    try {
      const response = await open.app.inject({
        url: "/__sandbox/mail.json",
        remoteAddress: "203.0.113.7",
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});
