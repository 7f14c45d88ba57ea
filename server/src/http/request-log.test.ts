import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addNetworkContacts, createSender } from "../../tests/factories";
import { createTestApp, type TestApp } from "../../tests/helpers";

/** The request log: one JSON line per request, under an id that follows it into its jobs. */
let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: "info", GMAIL_MIN_SPACING_SECONDS: "0" },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
});
afterAll(async () => {
  await t?.close();
});

type LogLine = Record<string, unknown> & { reqId?: string; msg?: string };
const logged = (): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine);

describe("the request log", () => {
  it("writes one line per request with its id, route pattern, status and time, and echoes the id", async () => {
    const response = await t.app.inject({
      url: "/api/health?probe=1",
      headers: { "x-request-id": "lb-7f3a.42" },
    });
    expect(response.headers["x-request-id"]).toBe("lb-7f3a.42");
    const mine = logged().filter((line) => line.reqId === "lb-7f3a.42");
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: "request",
      route: "/api/health",
      status: response.statusCode,
      req: { method: "GET", url: "/api/health?probe=1" },
    });
    expect(typeof mine[0].ms).toBe("number");
  });

  it("replaces an id that does not look like one with a fresh UUID", async () => {
    for (const bad of ["has space", "x".repeat(129), '{"level":60}', "a\tb"]) {
      const response = await t.app.inject({ url: "/api/health", headers: { "x-request-id": bad } });
      const id = String(response.headers["x-request-id"]);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(logged().filter((line) => line.reqId === id)).toHaveLength(1);
    }
  });

  it("carries the id into the jobs the request queues", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const sent = await t.app.inject({
      method: "POST",
      url: `/api/emails/send/${grace.id}`,
      headers: { ...ada.auth, "x-request-id": "send-request-1" },
      payload: { subject: "Hello", body: "Hi Grace" },
    });
    expect(sent.statusCode).toBe(200);
    // The send queued the reply sync that looks for Grace's answer.
    const { rows } = await t.deps.database.raw.query<{ name: string }>(
      `select name from pgboss.job where data->>'requestId' = $1`,
      ["send-request-1"],
    );
    expect(rows.map((row) => row.name)).toContain("emails.reply-sync");
  });
});
