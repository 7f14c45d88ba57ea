import { describe, expect, it } from "vitest";
import { createUser, mailboxRow, type TestUser } from "../factories";
import { connectStart, followCallback, startFlow, submitConsent } from "../google-flow";
import { useTestApp } from "../helpers";

/**
 * Issue 32, finding 1: a link that connects the victim's mailbox to the attacker's account.
 * The attacker, signed in, starts a connection and gets the victim to finish it: by sending
 * the old start link (`/api/auth/google/start?t=<attacker's token>`), or the provider's consent
 * URL of a flow the attacker started. Either way the victim's browser comes back to the
 * callback with the victim's mailbox; nothing may be stored, for anyone.
 */
const t = useTestApp();

const OTHER_ACCOUNT = "This connection was started by another account";
const SESSION_ENDED = "Your session has expired. Please log in again.";

const PROVIDERS = [
  { provider: "google", query: "gmail", victimMailbox: "victim@gmail.example" },
  { provider: "microsoft", query: "outlook", victimMailbox: "victim@outlook.example" },
] as const;

const mailboxStatus = (user: TestUser) =>
  t.app.inject({ url: "/api/auth/mailbox/status", headers: user.auth });

/** The victim's browser on the provider's consent page: their own mailbox, allowed. */
const victimConsents = (authorize: URL, email: string, provider: "google" | "microsoft") =>
  submitConsent(t, authorize, {
    email,
    name: "Vera Victim",
    decision: provider === "google" ? "allow" : "accept",
  });

describe("a mailbox connection is bound to the person at both ends", () => {
  for (const { provider, query, victimMailbox } of PROVIDERS) {
    it(`${provider}: the old start link with the attacker's token connects nothing in the victim's browser`, async () => {
      const attacker = await createUser(t);
      const link = `/api/auth/${provider}/start?t=${encodeURIComponent(attacker.token)}`;
      // The victim opens the link; a browser follows wherever it leads.
      const opened = await t.app.inject({ url: link });
      if (opened.statusCode === 302) {
        const cookie = String([opened.headers["set-cookie"]].flat()[0] ?? "").split(";")[0];
        const callback = await victimConsents(
          new URL(String(opened.headers.location)),
          victimMailbox,
          provider,
        );
        await followCallback(t, callback, cookie);
      }
      // A session token in a link starts nothing: no redirect, no cookie.
      expect(opened.statusCode).toBeGreaterThanOrEqual(400);
      expect(opened.statusCode).toBeLessThan(500);
      expect(opened.headers["set-cookie"]).toBeUndefined();
      expect(await mailboxRow(t, attacker.id)).toBeUndefined();
      expect((await mailboxStatus(attacker)).json()).toMatchObject({ provider: null });
    });

    it(`${provider}: the attacker's consent URL finished in the victim's browser stores nothing`, async () => {
      const attacker = await createUser(t);
      const victim = await createUser(t);
      // The attacker starts a connection from their own signed-in page...
      const started = await startFlow(t, connectStart(attacker.token, { provider }));
      expect(started.statusCode).toBe(200);
      expect(started.setCookie).toMatch(/HttpOnly; SameSite=Lax/);
      // ...and sends the consent URL to the victim, whose browser has no cookie of that flow
      // (or the cookie of a connection of their own).
      const victimOwn = await startFlow(t, connectStart(victim.token, { provider }));
      for (const victimCookie of [undefined, victimOwn.cookie]) {
        const replay = victimCookie
          ? await startFlow(t, connectStart(attacker.token, { provider }))
          : started;
        const callback = await victimConsents(replay.location as URL, victimMailbox, provider);
        const landed = await followCallback(t, callback, victimCookie);
        expect(landed.pathname).toBe("/account");
        expect(landed.searchParams.get(query)).toBe("error");
        expect(landed.searchParams.get("message")).toBe(OTHER_ACCOUNT);
      }
      expect(await mailboxRow(t, attacker.id)).toBeUndefined();
      expect(await mailboxRow(t, victim.id)).toBeUndefined();
      expect((await mailboxStatus(attacker)).json()).toMatchObject({ provider: null });
    });

    it(`${provider}: a connection whose session logged out before the callback stores nothing`, async () => {
      const student = await createUser(t);
      const started = await startFlow(t, connectStart(student.token, { provider }));
      const callback = await victimConsents(started.location as URL, victimMailbox, provider);
      await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: student.auth });
      const landed = await followCallback(t, callback, started.cookie);
      expect(landed.searchParams.get(query)).toBe("error");
      expect(landed.searchParams.get("message")).toBe(SESSION_ENDED);
      expect(await mailboxRow(t, student.id)).toBeUndefined();
    });

    it(`${provider}: the start is a POST with the bearer header; a cross-site form cannot make it`, async () => {
      const student = await createUser(t);
      const form = await t.app.inject({
        method: "POST",
        url: `/api/auth/${provider}/start`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `t=${encodeURIComponent(student.token)}`,
      });
      // Refused before anything starts: a form has neither the JSON body nor the bearer header.
      expect([401, 415]).toContain(form.statusCode);
      expect(form.headers["set-cookie"]).toBeUndefined();
      const noBearer = await t.app.inject({
        method: "POST",
        url: `/api/auth/${provider}/start`,
        payload: {},
      });
      expect(noBearer.statusCode).toBe(401);
      expect(noBearer.headers["set-cookie"]).toBeUndefined();
      // The person's own page: the consent URL, and the flow's cookie in their browser only.
      const own = await startFlow(t, connectStart(student.token, { provider }));
      expect(own.statusCode).toBe(200);
      const callback = await victimConsents(own.location as URL, victimMailbox, provider);
      const landed = await followCallback(t, callback, own.cookie);
      expect(landed.searchParams.get(query)).toBe("connected");
      expect((await mailboxRow(t, student.id))?.email).toBe(victimMailbox);
    });
  }
});
