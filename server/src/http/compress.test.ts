import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPRESS_MIN_BYTES, registerCompression } from "./compress";

const big = { items: Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Person ${i}` })) };
const app = Fastify();

beforeAll(async () => {
  registerCompression(app);
  app.get("/big", async () => big);
  app.get("/small", async () => ({ ok: true }));
  app.get("/encoded", async (_request, reply) =>
    reply.type("application/json").header("content-encoding", "identity").send(JSON.stringify(big)),
  );
  await app.ready();
});
afterAll(() => app.close());

describe("JSON compression", () => {
  it("answers a large JSON body with brotli when the client accepts it", async () => {
    const response = await app.inject({ url: "/big", headers: { "accept-encoding": "gzip, br" } });
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toContain("accept-encoding");
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual(big);
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 3);
  });

  it("falls back to gzip, and sends plain JSON to a client that accepts neither", async () => {
    const gzipped = await app.inject({ url: "/big", headers: { "accept-encoding": "gzip" } });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(big);
    const plain = await app.inject({ url: "/big" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toEqual(big);
  });

  it("leaves small bodies and bodies already encoded as they are", async () => {
    const small = await app.inject({ url: "/small", headers: { "accept-encoding": "br" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const encoded = await app.inject({ url: "/encoded", headers: { "accept-encoding": "br" } });
    expect(encoded.headers["content-encoding"]).toBe("identity");
    expect(encoded.json()).toEqual(big);
  });
});
