import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers";

/**
 * Pages are served on PUBLIC_URL's host only (an OAuth round trip must come back to the origin
 * that holds the session); the API answers on any host.
 */
const t = useTestApp();

describe("canonical host", () => {
  it("redirects a page visit on another host to PUBLIC_URL's origin, path and query kept", async () => {
    const port = new URL(t.baseUrl).port;
    for (const method of ["GET", "HEAD"] as const) {
      const response = await t.app.inject({
        method,
        url: "/settings?tab=gmail",
        headers: { host: `localhost:${port}` },
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`${t.baseUrl}/settings?tab=gmail`);
    }
    // Over the network as a browser would arrive.
    const overHttp = await fetch(`http://localhost:${port}/my-network`, { redirect: "manual" });
    expect(overHttp.status).toBe(302);
    expect(overHttp.headers.get("location")).toBe(`${t.baseUrl}/my-network`);
  });

  it("serves pages on PUBLIC_URL's host without a redirect", async () => {
    const response = await fetch(`${t.baseUrl}/my-network`, { redirect: "manual" });
    expect(response.status).not.toBe(302);
    expect(response.headers.get("location")).toBeNull();
  });

  it("answers API calls and the sandbox on any host", async () => {
    const api = await t.app.inject({ url: "/api/plans", headers: { host: "other.example" } });
    expect(api.statusCode).toBe(200);
    const sandbox = await t.app.inject({
      url: "/__sandbox/mail.json",
      headers: { host: "other.example" },
    });
    expect(sandbox.statusCode).toBe(200);
  });
});
