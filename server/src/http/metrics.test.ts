import { describe, expect, it } from "vitest";
import { addNetworkContacts, createSender } from "../../tests/factories";
import { useTestApp } from "../../tests/helpers";
import { seriesSum } from "../../tests/smoke/metrics-text";

const TOKEN = "metrics-token-of-this-test";
const t = useTestApp({ METRICS_TOKEN: TOKEN });

const scrape = async () => {
  const response = await t.app.inject({ url: "/metrics" });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toContain("text/plain");
  return response.body;
};

describe("GET /metrics", () => {
  it("counts a request in the latency histogram under its route pattern, never its raw URL", async () => {
    const ada = await createSender(t);
    const labels = { method: "GET", route: "/api/emails/thread/:contactId", status: "200" };
    const before = seriesSum(
      await scrape(),
      "reachout_http_request_duration_seconds_count",
      labels,
    );
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const thread = await t.app.inject({ url: `/api/emails/thread/${grace.id}`, headers: ada.auth });
    expect(thread.statusCode).toBe(200);
    const text = await scrape();
    expect(seriesSum(text, "reachout_http_request_duration_seconds_count", labels)).toBe(
      before + 1,
    );
    expect(text).not.toContain(grace.id);
    // The scrapes themselves stay out of the histogram.
    expect(text).not.toContain('route="/metrics"');
  });

  it("counts a send by provider and outcome, and shows the queues", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const labels = { provider: "gmail", outcome: "sent" };
    const before = seriesSum(await scrape(), "reachout_sends_total", labels);
    const sent = await t.app.inject({
      method: "POST",
      url: `/api/emails/send/${grace.id}`,
      headers: ada.auth,
      payload: { subject: "Hello Grace", body: "Hi Grace, a question about your team." },
    });
    expect(sent.statusCode).toBe(200);
    const text = await scrape();
    expect(seriesSum(text, "reachout_sends_total", labels)).toBe(before + 1);
    // The send queued a reply sync (no worker runs here): the queue gauges read pg-boss.
    expect(text).toMatch(/^reachout_job_queue_depth\{queue="[^"]+"\} [1-9]/m);
    expect(text).toMatch(/^reachout_outbox_backlog \d+/m);
    expect(text).toMatch(/^reachout_reply_sync_lag_seconds \d/m);
  });

  it("refuses a forwarded or remote client without the token, and admits the token", async () => {
    const forwarded = await t.app.inject({
      url: "/metrics",
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(forwarded.statusCode).toBe(401);
    expect(forwarded.json()).toEqual({
      detail: "Metrics need Authorization: Bearer <METRICS_TOKEN>",
    });
    const remote = await t.app.inject({ url: "/metrics", remoteAddress: "203.0.113.9" });
    expect(remote.statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: "/metrics",
      remoteAddress: "203.0.113.9",
      headers: { authorization: "Bearer not-the-token-at-all" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: "Invalid metrics token" });
    const admitted = await t.app.inject({
      url: "/metrics",
      remoteAddress: "203.0.113.9",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(admitted.statusCode).toBe(200);
    expect(admitted.body).toContain("reachout_http_request_duration_seconds");
  });
});
