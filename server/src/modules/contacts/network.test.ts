import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createUser, insertPeople } from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { emailMessages, userContacts } from "../../db/schema";
import { countMessageOnContact } from "./network";
import { NETWORK_ETAG_MAX_AGE_SECONDS } from "./network-list";

const t = useTestApp();

/** Puts contacts straight into a user's network, oldest first. */
async function saveDirectly(userId: string, contactIds: string[]) {
  const base = Date.now() - contactIds.length * 1000;
  await t.deps.database.db
    .insert(userContacts)
    .values(
      contactIds.map((contactId, i) => ({ userId, contactId, savedAt: new Date(base + i * 1000) })),
    );
}

describe("My Network lists", () => {
  it("pages newest first with total and has_more; load-more continues by offset", async () => {
    const user = await createUser(t);
    const ids = await insertPeople(t, [{}, {}, {}, {}, {}]);
    await saveDirectly(user.id, ids);
    const first = await t.app.inject({
      url: "/api/my-network/mine?initial_load=true&limit=2&offset=3",
      headers: user.auth,
    });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.total).toBe(5);
    expect(body.has_more).toBe(true);
    // initial_load starts from the beginning whatever the offset or cursor.
    expect(body.data.map((c: { id: string }) => c.id)).toEqual([ids[4], ids[3]]);
    const again = await t.app.inject({
      url: `/api/my-network/mine?initial_load=true&limit=2&after=${body.next_cursor}`,
      headers: user.auth,
    });
    expect(again.json().data.map((c: { id: string }) => c.id)).toEqual([ids[4], ids[3]]);

    const more = (
      await t.app.inject({
        url: "/api/my-network/mine/load-more?offset=4&limit=2",
        headers: user.auth,
      })
    ).json();
    expect(more.data.map((c: { id: string }) => c.id)).toEqual([ids[0]]);
    expect(more.has_more).toBe(false);

    for (const url of ["/api/my-network/mine/all", "/api/contacts/mine"]) {
      const all = (await t.app.inject({ url, headers: user.auth })).json();
      expect(all.data).toHaveLength(5);
      expect(all.total).toBe(5);
      expect(all.next_cursor).toBeNull();
    }
  });

  it("pages by keyset with no repeat and no gap while contacts are saved between batches", async () => {
    const user = await createUser(t, { credits: 10 });
    const ids = await insertPeople(t, [{}, {}, {}, {}, {}, {}]);
    // Two pairs saved in the same instant: the cursor's tie-break (the saved row) must hold.
    const same = new Date(Date.now() - 60_000);
    await t.deps.database.db.insert(userContacts).values(
      ids.map((contactId, i) => ({
        userId: user.id,
        contactId,
        savedAt: i < 4 ? new Date(same.getTime() + Math.floor(i / 2)) : new Date(Date.now() - i),
      })),
    );
    const page = async (query: string) => {
      const response = await t.app.inject({
        url: `/api/my-network/mine${query}`,
        headers: user.auth,
      });
      expect(response.statusCode).toBe(200);
      return response.json() as {
        data: Array<{ id: string }>;
        has_more: boolean;
        next_cursor: string | null;
      };
    };
    const seen: string[] = [];
    let batch = await page("?initial_load=true&limit=2");
    seen.push(...batch.data.map((c) => c.id));
    const [newcomer, later] = await insertPeople(t, [{}, {}]);
    for (const id of [newcomer, later]) {
      const saved = await t.app.inject({
        method: "POST",
        url: "/api/global-contacts/save",
        headers: user.auth,
        payload: { contact_id: id },
      });
      expect(saved.statusCode).toBe(200);
    }
    while (batch.next_cursor) {
      expect(batch.has_more).toBe(true);
      batch = await page(`/load-more?limit=2&after=${batch.next_cursor}`);
      seen.push(...batch.data.map((c) => c.id));
    }
    expect(batch.has_more).toBe(false);
    // Every contact saved before the first batch, once each, newest first; the two saved since
    // wait at the top for the next first batch.
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...ids].sort());
    const fresh = await page("?initial_load=true&limit=2");
    expect(fresh.data.map((c) => c.id)).toEqual([later, newcomer]);

    const forged = await t.app.inject({
      url: "/api/my-network/mine/load-more?after=12.not-a-cursor",
      headers: user.auth,
    });
    expect(forged.statusCode).toBe(400);
  });

  it("refuses a batch above 1000 with 400", async () => {
    const user = await createUser(t);
    const response = await t.app.inject({
      url: "/api/my-network/mine?limit=1001",
      headers: user.auth,
    });
    expect(response.statusCode).toBe(400);
  });

  it("lists what the card shows and derives status from messages and replies; the contact route answers the whole record", async () => {
    const user = await createUser(t);
    const [fresh, contacted, responded] = await insertPeople(t, [
      { fullName: "Fresh Fay" },
      { fullName: "Contacted Cal" },
      { fullName: "Responded Rae" },
    ]);
    await saveDirectly(user.id, [fresh, contacted, responded]);
    const db = t.deps.database.db;
    await db
      .update(userContacts)
      .set({ messageCount: 1 })
      .where(eq(userContacts.contactId, contacted));
    await db
      .update(userContacts)
      .set({ messageCount: 2, replied: true })
      .where(eq(userContacts.contactId, responded));
    const { data } = (
      await t.app.inject({ url: "/api/my-network/mine", headers: user.auth })
    ).json();
    const byName = Object.fromEntries(data.map((c: { full_name: string }) => [c.full_name, c]));
    expect(byName["Fresh Fay"].status).toBe("Uncontacted");
    expect(byName["Contacted Cal"].status).toBe("Contacted");
    expect(byName["Responded Rae"].status).toBe("Responded");
    expect(byName["Fresh Fay"]).toEqual({
      id: fresh,
      full_name: "Fresh Fay",
      email: expect.stringMatching(/@cloudforge\.example$/),
      email_available: false,
      linkedin: expect.stringContaining("linkedin.com/in/"),
      title: "Technical Recruiter",
      company: "Cloudforge",
      location: "New York, NY",
      is_hiring: expect.any(Boolean),
      warm_signals: [],
      status: "Uncontacted",
      saved_at: expect.any(String),
      target_position_name: null,
      next_scheduled_at: null,
      email_statuses: [],
      email_status: "ok",
      email_held_until: null,
      recent_outreach_count: 0,
    });

    const whole = (
      await t.app.inject({ url: `/api/my-network/contacts/${responded}`, headers: user.auth })
    ).json();
    expect(whole).toMatchObject({
      id: responded,
      contact_id: responded,
      user_contact_id: expect.any(String),
      full_name: "Responded Rae",
      first_name: expect.any(String),
      interests: ["mentoring"],
      created_at: expect.any(String),
      status: "Responded",
      replied: true,
      message_count: 2,
    });
  });

  it("reports the next scheduled email and which email statuses a contact has", async () => {
    const user = await createUser(t);
    const [id] = await insertPeople(t, [{}]);
    await saveDirectly(user.id, [id]);
    const later = new Date(Date.now() + 3 * 86_400_000);
    const sooner = new Date(Date.now() + 86_400_000);
    const email = {
      userId: user.id,
      contactId: id,
      direction: "outbound" as const,
      subject: "Hi",
      body: "Hello",
    };
    await t.deps.database.db.insert(emailMessages).values([
      { ...email, status: "scheduled", scheduledAt: later },
      { ...email, status: "scheduled", scheduledAt: sooner },
      { ...email, status: "failed" },
      { ...email, direction: "inbound", status: "received" },
    ]);
    const contact = (
      await t.app.inject({ url: `/api/my-network/contacts/${id}`, headers: user.auth })
    ).json();
    expect(new Date(contact.next_scheduled_at).getTime()).toBe(sooner.getTime());
    expect([...contact.email_statuses].sort()).toEqual(["failed", "scheduled"]);
  });
});

describe("owner scoping", () => {
  it("answers 404 for another user's contact, to read or to remove, and leaves it alone", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const [id] = await insertPeople(t, [{}]);
    await saveDirectly(owner.id, [id]);

    const read = await t.app.inject({
      url: `/api/my-network/contacts/${id}`,
      headers: stranger.auth,
    });
    expect(read.statusCode).toBe(404);
    const remove = await t.app.inject({
      method: "DELETE",
      url: `/api/my-network/remove/${id}`,
      headers: stranger.auth,
    });
    expect(remove.statusCode).toBe(404);
    expect(remove.json()).toEqual({ detail: "Contact not found" });
    const mine = (await t.app.inject({ url: "/api/my-network/mine", headers: owner.auth })).json();
    expect(mine.total).toBe(1);
    const theirs = (
      await t.app.inject({ url: "/api/my-network/mine", headers: stranger.auth })
    ).json();
    expect(theirs).toEqual({ data: [], total: 0, has_more: false, next_cursor: null });
  });
});

describe("DELETE /api/my-network/remove/{id}", () => {
  it("removes by contact id or saved-row id, cancels its scheduled emails, and 404s the second time", async () => {
    const user = await createUser(t);
    const [a, b] = await insertPeople(t, [{}, {}]);
    await saveDirectly(user.id, [a, b]);
    const db = t.deps.database.db;
    const [scheduled] = await db
      .insert(emailMessages)
      .values({
        userId: user.id,
        contactId: a,
        direction: "outbound",
        status: "scheduled",
        subject: "Hi",
        body: "Hello",
        scheduledAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: emailMessages.id });

    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/my-network/remove/${a}`,
      headers: user.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: "Contact removed", contact_id: a });
    const [email] = await db.select().from(emailMessages).where(eq(emailMessages.id, scheduled.id));
    expect(email.status).toBe("cancelled");

    const [row] = await db
      .select({ id: userContacts.id })
      .from(userContacts)
      .where(eq(userContacts.contactId, b));
    const byRow = await t.app.inject({
      method: "DELETE",
      url: `/api/my-network/remove/${row.id}`,
      headers: user.auth,
    });
    expect(byRow.json().contact_id).toBe(b);

    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/my-network/remove/${a}`,
      headers: user.auth,
    });
    expect(again.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: "DELETE",
      url: "/api/my-network/remove/xyz",
      headers: user.auth,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("My Network's ETag", () => {
  const first = (user: { auth: Record<string, string> }, etag?: string) =>
    t.app.inject({
      url: "/api/my-network/mine?initial_load=true&limit=1000",
      headers: { ...user.auth, ...(etag ? { "if-none-match": etag } : {}) },
    });

  it("answers 304 while nothing changed, and 200 after a save, a status change, a scheduled email, a removal or a profile edit", async () => {
    const user = await createUser(t);
    const [a, b, c] = await insertPeople(t, [{}, {}, {}]);
    await saveDirectly(user.id, [a, b]);
    const initial = await first(user);
    expect(initial.statusCode).toBe(200);
    expect(initial.headers["cache-control"]).toBe("private, no-cache");
    let etag = String(initial.headers.etag);

    const unchanged = await first(user, etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe("");
    expect(unchanged.headers.etag).toBe(etag);

    const changes: Array<[string, () => Promise<unknown>]> = [
      [
        "a save",
        () =>
          t.app.inject({
            method: "POST",
            url: "/api/global-contacts/save",
            headers: user.auth,
            payload: { contact_id: c },
          }),
      ],
      [
        "a status change",
        () =>
          t.deps.database.db.transaction((tx) =>
            countMessageOnContact(tx, user.id, a, { replied: true }),
          ),
      ],
      [
        "a scheduled email",
        () =>
          t.deps.database.db.insert(emailMessages).values({
            userId: user.id,
            contactId: b,
            direction: "outbound",
            status: "scheduled",
            subject: "Hi",
            body: "Hello",
            scheduledAt: new Date(Date.now() + 86_400_000),
          }),
      ],
      [
        "a removal",
        () =>
          t.app.inject({
            method: "DELETE",
            url: `/api/my-network/remove/${c}`,
            headers: user.auth,
          }),
      ],
      [
        "a profile edit (warm signals)",
        () =>
          t.app.inject({
            method: "PATCH",
            url: "/api/profile",
            headers: user.auth,
            payload: {
              university: "Cornell University",
              graduation_year: 2027,
              major: "Economics",
            },
          }),
      ],
    ];
    for (const [change, make] of changes) {
      await make();
      const after = await first(user, etag);
      expect(after.statusCode, change).toBe(200);
      expect(after.headers.etag, change).not.toBe(etag);
      etag = String(after.headers.etag);
      expect((await first(user, etag)).statusCode, `${change}, asked again`).toBe(304);
    }
    const final = (await first(user)).json();
    expect(final.data.find((x: { id: string }) => x.id === a).status).toBe("Responded");
    expect(final.data.find((x: { id: string }) => x.id === b).next_scheduled_at).not.toBeNull();
    expect(final.data.map((x: { id: string }) => x.id)).not.toContain(c);
  });

  it("is the user's own and ages out, so other students' activity shows within a minute", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const [a] = await insertPeople(t, [{}]);
    await saveDirectly(owner.id, [a]);
    await saveDirectly(other.id, [a]);
    const etag = String((await first(owner)).headers.etag);
    expect((await first(other, etag)).statusCode).toBe(200);

    const now = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: now + (NETWORK_ETAG_MAX_AGE_SECONDS - 5) * 1000 });
    try {
      expect((await first(owner, etag)).statusCode).toBe(304);
      vi.setSystemTime(now + (NETWORK_ETAG_MAX_AGE_SECONDS + 1) * 1000);
      const aged = await first(owner, etag);
      expect(aged.statusCode).toBe(200);
      expect(aged.headers.etag).not.toBe(etag);
    } finally {
      vi.useRealTimers();
    }
  });
});
