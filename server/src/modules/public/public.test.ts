import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp, sandboxMail, useTestApp } from "../../../tests/helpers";
import { waitlist } from "../../db/schema";

const t = useTestApp();

describe("waitlist", () => {
  it("stores an entry, confirms it by email and refuses the same address again with 409", async () => {
    const first = await t.app.inject({
      method: "POST",
      url: "/api/waitlist",
      payload: { name: "Ada Student", email: "Ada@Uni.example", phone: "2125550100" },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: "Success! Check your email for signup confirmation." });
    expect((await sandboxMail(t, "ada@uni.example"))[0].subject).toContain("waitlist");

    const again = await t.app.inject({
      method: "POST",
      url: "/api/waitlist",
      payload: { name: "Ada", email: "ada@uni.example", phone: null },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: "You're already signed up!" });
  });

  it("keeps the picked target roles once each and names them in the confirmation", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/waitlist",
      payload: {
        name: "Grace",
        email: "grace@uni.example",
        phone: "",
        roles: ["data science intern", "private equity analyst", "data science intern"],
      },
    });
    expect(response.statusCode).toBe(201);
    const [row] = await t.deps.database.db
      .select()
      .from(waitlist)
      .where(eq(waitlist.email, "grace@uni.example"));
    expect(row.phone).toBeNull();
    expect(row.targetRoles).toEqual(["data science intern", "private equity analyst"]);
    expect((await sandboxMail(t, "grace@uni.example"))[0].text).toContain(
      "Data Science Intern, Private Equity Analyst",
    );
  });

  it("refuses an unknown target role with 400 and stores nothing", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/waitlist",
      payload: { name: "Eve", email: "eve@uni.example", roles: ["astronaut"] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain("roles");
    const rows = await t.deps.database.db
      .select()
      .from(waitlist)
      .where(eq(waitlist.email, "eve@uni.example"));
    expect(rows).toHaveLength(0);
  });

  it.each([
    [{ name: "", email: "x@uni.example" }, "name"],
    [{ name: "X", email: "not-an-email" }, "email"],
    [{ name: "X", email: "x@uni.example", phone: "+1 212 555" }, "phone"],
    [{ name: "X", email: "x@uni.example", phone: "1234567890123456" }, "phone"],
  ])("refuses %j with 400 naming %s", async (payload, field) => {
    const response = await t.app.inject({ method: "POST", url: "/api/waitlist", payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(field);
  });
});

describe("newsletter", () => {
  it("subscribes once and answers 409 for a duplicate", async () => {
    const first = await t.app.inject({
      method: "POST",
      url: "/api/newsletter",
      payload: { email: "reader@uni.example" },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe("Check your email for signup confirmation.");
    const again = await t.app.inject({
      method: "POST",
      url: "/api/newsletter",
      payload: { email: "READER@uni.example" },
    });
    expect(again.statusCode).toBe(409);
  });

  it("refuses a missing email with 400 and a detail", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/newsletter", payload: {} });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().detail).toBe("string");
  });
});

describe("contact info", () => {
  it("answers the support, business and sales addresses from config", async () => {
    const response = await t.app.inject({ url: "/api/public/contact-info" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      support_email: t.deps.config.mail.supportEmail,
      business_email: t.deps.config.mail.businessEmail,
      sales_email: t.deps.config.mail.salesEmail,
    });
  });
});

describe("health and headers", () => {
  it("reports database and job queue state", async () => {
    const response = await t.app.inject({ url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: "ok",
      database: { ok: true },
      jobs: { ok: true },
      mode: "sandbox",
    });
  });

  it("sends a strict CSP, nosniff and no-referrer", async () => {
    const response = await t.app.inject({ url: "/api/health" });
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
  });

  it("answers unknown API routes with a 404 detail", async () => {
    const response = await t.app.inject({ url: "/api/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toMatch(/No route/);
  });
});

describe("global rate limit", () => {
  it("counts API calls only, not static files or the sandbox stand-ins", async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: "3" });
    try {
      for (let i = 0; i < 5; i++) {
        const mail = await limited.app.inject({ url: "/__sandbox/mail.json" });
        expect(mail.statusCode).toBe(200);
      }
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push((await limited.app.inject({ url: "/api/health" })).statusCode);
      expect(answers).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
