import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueSession } from "../../src/http/auth";
import { buildTextPdf } from "../../src/lib/text-pdf";
import { addNetworkContacts, createSender } from "../factories";
import { multipartBody } from "../files";
import { createTestApp, type TestApp } from "../helpers";

/**
 * Every door an attacker would hammer answers 429 with a Retry-After and a {detail} once its
 * limit is reached: sign-up, log-in and code checks (low limits through the environment),
 * sending and uploading (per-route limits), and every route (the global per-IP limit).
 */
let t: TestApp;
const figures = { requests: 0, limited: 0 };

beforeAll(async () => {
  t = await createTestApp({
    AUTH_RATE_LIMIT_MAX: "3",
    RATE_LIMIT_MAX: "400",
    GMAIL_MIN_SPACING_SECONDS: "0",
    GMAIL_DAILY_CAP: "1000",
  });
});
afterAll(async () => {
  console.info(
    `rate limits: ${figures.requests} requests, ${figures.limited} answered 429 with Retry-After`,
  );
  await t?.close();
});

type Request = InjectOptions;

/** Sends until the first 429 and answers how many got through before it. */
async function hammer(build: (i: number) => Request, max: number) {
  for (let i = 0; i < max; i++) {
    const response = await t.app.inject(build(i));
    figures.requests++;
    if (response.statusCode === 429) {
      figures.limited++;
      expect(Number(response.headers["retry-after"]), response.body).toBeGreaterThan(0);
      expect(response.json().detail).toMatch(/Try again in \d+ seconds/);
      return i;
    }
    expect(response.statusCode, response.body).toBeLessThan(500);
  }
  throw new Error(`no 429 after ${max} requests`);
}

/** POST /api/auth/signup from this address (headers as a client or proxy would add them). */
const signup = (remoteAddress: string, email: string, headers = {}): Request => ({
  method: "POST",
  url: "/api/auth/signup",
  remoteAddress,
  headers,
  payload: { email, password: "long enough password" },
});

/** POST /api/auth/login from this address: a guess at the account's password. */
const login = (remoteAddress: string, email: string, password: string, headers = {}): Request => ({
  method: "POST",
  url: "/api/auth/login",
  remoteAddress,
  headers,
  payload: { email, password },
});

describe("rate limits", () => {
  it.each([
    {
      limit: "sign-ups per IP",
      build: (i: number) => signup("10.50.0.1", `flood${i}@uni.example`),
    },
    {
      limit: "log-ins per IP",
      build: (i: number) => login("10.51.0.1", `guess${i}@uni.example`, "wrong password"),
    },
    {
      limit: "log-ins per email across IPs",
      build: (i: number) => login(`10.52.0.${i + 1}`, "victim@uni.example", `guess ${i}`),
    },
    {
      limit: "verification-code guesses per email, whatever the IP",
      build: (i: number): Request => ({
        method: "POST",
        url: `/api/auth/verify-code?email=victim@uni.example&code=${String(i).padStart(6, "0")}`,
        remoteAddress: `10.53.0.${i + 1}`,
      }),
    },
  ])("limits $limit to 3", async ({ build }) => {
    expect(await hammer(build, 10)).toBe(3);
  });

  it("limits sends to 60 a minute", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const allowed = await hammer(
      () => ({
        method: "POST",
        url: `/api/emails/send/${grace.id}`,
        remoteAddress: "10.54.0.1",
        headers: ada.auth,
        payload: { subject: "Hello", body: "Hi" },
      }),
      80,
    );
    expect(allowed).toBe(60);
  });

  it("limits uploads to 20 a minute per session, whatever the IP", async () => {
    const ada = await createSender(t);
    const file = multipartBody("resume", "resume.pdf", buildTextPdf(["Ada", "Analyst"]));
    const allowed = await hammer(
      (i) => ({
        method: "POST",
        url: "/api/resumes/upload",
        remoteAddress: `10.55.0.${i + 1}`,
        headers: { ...file.headers, ...ada.auth },
        payload: file.payload,
      }),
      30,
    );
    expect(allowed).toBe(20);
  });

  it("earns no extra sign-up, log-in or writing attempts with a forged X-Forwarded-For", async () => {
    // TRUST_PROXY is unset: the socket's address is the client, whatever the header claims.
    const signups = await hammer(
      (i) =>
        signup("10.57.0.1", `forged${i}@uni.example`, {
          "x-forwarded-for": `203.0.113.${i + 1}`,
        }),
      10,
    );
    expect(signups).toBe(3);
    const logins = await hammer(
      (i) =>
        login("10.57.0.2", `forged-login${i}@uni.example`, "wrong password", {
          "x-forwarded-for": `198.51.100.${i + 1}, 10.0.0.${i + 1}`,
        }),
      10,
    );
    expect(logins).toBe(3);
  });

  it("earns no extra allowance for a re-spelled Authorization header", async () => {
    const ada = await createSender(t);
    const spellings = [
      `Bearer ${ada.token}`,
      `bEarer ${ada.token}`,
      `BEARER ${ada.token}`,
      `Bearer   ${ada.token}  `,
    ];
    const uploads = multipartBody("resume", "resume.pdf", buildTextPdf(["Ada", "Analyst"]));
    const allowedUploads = await hammer(
      (i) => ({
        method: "POST",
        url: "/api/resumes/upload",
        remoteAddress: "10.58.0.1",
        headers: { ...uploads.headers, authorization: spellings[i % spellings.length] },
        payload: uploads.payload,
      }),
      30,
    );
    expect(allowedUploads).toBe(20);
    const allowedSearches = await hammer(
      (i) => ({
        method: "GET",
        url: "/api/my-network/search?job_title=Analyst",
        remoteAddress: "10.58.0.2",
        headers: { authorization: spellings[i % spellings.length] },
      }),
      40,
    );
    expect(allowedSearches).toBe(30);
    const allowedWriting = await hammer(
      (i) => ({
        method: "POST",
        url: "/api/emails/generate",
        remoteAddress: "10.58.0.3",
        headers: { authorization: spellings[i % spellings.length] },
        payload: { contact_id: crypto.randomUUID() },
      }),
      40,
    );
    expect(allowedWriting).toBe(30);
  });

  it("keys the session limits on the user: a second session of the same person shares them", async () => {
    const ada = await createSender(t);
    const second = await issueSession(t.deps.database.db, t.deps.config, ada);
    const tokens = [ada.token, second];
    const allowed = await hammer(
      (i) => ({
        method: "POST",
        url: "/api/emails/generate",
        remoteAddress: `10.59.0.${i + 1}`,
        headers: { authorization: `Bearer ${tokens[i % 2]}` },
        payload: { contact_id: crypto.randomUUID() },
      }),
      40,
    );
    expect(allowed).toBe(30);
  });

  it("honours X-Forwarded-For only from a proxy named in TRUST_PROXY", async () => {
    const behindProxy = await createTestApp({
      AUTH_RATE_LIMIT_MAX: "3",
      TRUST_PROXY: "10.60.0.0/16",
    });
    try {
      const signupVia = (remoteAddress: string, forwardedFor: string, i: number) =>
        behindProxy.app.inject(
          signup(remoteAddress, `proxied${i}@uni.example`, { "x-forwarded-for": forwardedFor }),
        );
      // Through the trusted proxy, each forwarded client has its own allowance.
      for (let i = 0; i < 6; i++) {
        const response = await signupVia("10.60.0.1", `203.0.113.${i + 1}`, i);
        expect(response.statusCode, response.body).toBeLessThan(429);
      }
      // From anywhere else the header is ignored: the fourth attempt is refused.
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await signupVia("10.61.0.1", `198.51.100.${i + 1}`, 10 + i)).statusCode);
      }
      expect(statuses.slice(0, 3).every((status) => status < 429)).toBe(true);
      expect(statuses[3]).toBe(429);
    } finally {
      await behindProxy.close();
    }
  });

  it("limits any route per IP (the global limit)", async () => {
    const allowed = await hammer(
      () => ({ method: "GET", url: "/api/plans", remoteAddress: "10.56.0.1" }),
      500,
    );
    expect(allowed).toBe(400);
    // Another client is unaffected.
    const other = await t.app.inject({ url: "/api/plans", remoteAddress: "10.56.0.2" });
    expect(other.statusCode).toBe(200);
  });
});
