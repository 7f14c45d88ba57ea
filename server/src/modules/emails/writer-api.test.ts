import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addNetworkContacts, createSender } from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { users } from "../../db/schema";

const t = useTestApp();

const post = (url: string, auth: Record<string, string>, payload?: object) =>
  t.app.inject({ method: "POST", url, headers: auth, payload });

/** The events of a text/event-stream body, in order. */
function eventsOf(text: string): Array<{ event: string; data: unknown }> {
  return text
    .split("\n\n")
    .filter(Boolean)
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1] ?? "",
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "null"),
    }));
}

describe("the writer through the API", () => {
  it("cites one dated news item for a company the news source knows, signed with the student's name", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1, { company: "Harborview Partners" });
    const response = await post("/api/emails/generate", ada.auth, {
      contact_id: grace.id,
      email_format: "original",
    });
    expect(response.statusCode).toBe(200);
    const email = response.json();
    expect(email.writer).toBe("offline");
    expect(email.fallback_reason ?? null).toBeNull();
    expect(email.body).toMatch(/Harborview Partners advises on \$1\.4 billion sale/);
    expect(email.body).toMatch(
      /Financial Times|\b(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}\b/,
    );
    expect(email.body).toMatch(/\nAda Lovelace(\n|$)/);
    expect(email.body).toContain("$1.2B healthcare acquisition");
    expect(email.subject.length).toBeLessThan(70);
  });

  it("never invents news for a company without any", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1, { company: "Unknown Widgets LLC" });
    const email = (
      await post("/api/emails/generate", ada.auth, { contact_id: grace.id, variant: 3 })
    ).json();
    expect(email.body).not.toMatch(/I read|news on|report,/);
  });

  it("opens with the shared school and answers each message type with its format_used", async () => {
    const ada = await createSender(t);
    const [alum] = await addNetworkContacts(t, ada.id, 1, {
      university: "Columbia University",
      education: "Columbia University, B.A. Economics",
      company: "Northbridge Capital",
    });
    const original = (
      await post("/api/emails/generate", ada.auth, { contact_id: alum.id, variant: 2 })
    ).json();
    const opening = original.body.split("\n\n").slice(1, 3).join(" ");
    expect(opening).toMatch(/Columbia/);

    for (const format of ["referral", "informational", "coffee_chat", "thank_you", "career_fair"]) {
      const response = await post("/api/emails/generate", ada.auth, {
        contact_id: alum.id,
        email_format: format,
        role: format === "referral" ? "Investment Banking Summer Analyst" : undefined,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().format_used).toBe(format);
      expect(response.json().subject.length).toBeLessThan(70);
    }
    const referral = (
      await post("/api/emails/generate", ada.auth, {
        contact_id: alum.id,
        email_format: "referral",
        role: "Investment Banking Summer Analyst",
      })
    ).json();
    expect(referral.body).toMatch(/refer(ring)? me for the Investment Banking Summer Analyst/);
  });

  it("gives a fresh variant on each click and refuses an unknown format", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1, { company: "Keystone Advisory" });
    const bodies = new Set<string>();
    for (let i = 0; i < 3; i++) {
      bodies.add(
        (await post("/api/emails/generate", ada.auth, { contact_id: grace.id })).json().body,
      );
    }
    expect(bodies.size).toBe(3);
    const bad = await post("/api/emails/generate", ada.auth, {
      contact_id: grace.id,
      email_format: "limerick",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain("email_format");
  });

  it("signs without a name and says so when the user's name is unknown", async () => {
    const ada = await createSender(t);
    await t.deps.database.db.update(users).set({ name: null }).where(eq(users.id, ada.id));
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const email = (
      await post("/api/emails/generate", ada.auth, {
        contact_id: grace.id,
        email_format: "precision",
      })
    ).json();
    expect(email.sender_name_missing).toBe(true);
    expect(email.body).toMatch(/Thanks,$/);
    const local = ada.email.split("@")[0];
    expect(email.body.toLowerCase()).not.toContain(local.replace(/[._-]+/g, " "));
  });

  it("streams delta events before the done event, through the same writer", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const response = await fetch(`${t.baseUrl}/api/emails/generate/stream`, {
      method: "POST",
      headers: { ...ada.auth, "content-type": "application/json" },
      body: JSON.stringify({ contact_id: grace.id, email_format: "coffee_chat" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const events = eventsOf(await response.text());
    const firstDelta = events.findIndex((e) => e.event === "delta");
    const done = events.findIndex((e) => e.event === "done");
    expect(firstDelta).toBeGreaterThanOrEqual(0);
    expect(firstDelta).toBeLessThan(done);
    const finished = events[done].data as { subject: string; body: string; format_used: string };
    expect(finished.format_used).toBe("coffee_chat");
    const streamed = events
      .filter((e) => e.event === "delta" && (e.data as { field: string }).field === "body")
      .map((e) => (e.data as { text: string }).text)
      .join("");
    expect(streamed).toBe(finished.body);

    const missing = await fetch(`${t.baseUrl}/api/emails/generate/stream`, {
      method: "POST",
      headers: { ...ada.auth, "content-type": "application/json" },
      body: JSON.stringify({ contact_id: "11111111-1111-4111-8111-111111111111" }),
    });
    expect(missing.status).toBe(404);
    expect((await missing.json()).detail).toBe("Contact not found");
  });

  it("reports the LLM's health without secrets", async () => {
    const health = (await t.app.inject({ url: "/api/health" })).json();
    expect(health.llm).toMatchObject({ configured: false, model: null });
    expect(typeof health.llm.fallbacks).toBe("number");
  });
});
