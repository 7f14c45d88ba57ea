import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser, insertPeople } from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { emailMessages, userContacts } from "../../db/schema";

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
    // initial_load starts from the beginning whatever the offset.
    expect(body.data.map((c: { id: string }) => c.id)).toEqual([ids[4], ids[3]]);

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
    }
  });

  it("refuses a batch above 1000 with 400", async () => {
    const user = await createUser(t);
    const response = await t.app.inject({
      url: "/api/my-network/mine?limit=1001",
      headers: user.auth,
    });
    expect(response.statusCode).toBe(400);
  });

  it("returns every spec field and derives status from messages and replies", async () => {
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
    expect(byName["Responded Rae"]).toMatchObject({
      status: "Responded",
      replied: true,
      message_count: 2,
    });
    expect(byName["Fresh Fay"]).toMatchObject({
      id: fresh,
      contact_id: fresh,
      user_contact_id: expect.any(String),
      email: expect.stringMatching(/@cloudforge\.example$/),
      linkedin: expect.stringContaining("linkedin.com/in/"),
      title: "Technical Recruiter",
      company: "Cloudforge",
      location: "New York, NY",
      interests: ["mentoring"],
      saved_at: expect.any(String),
      created_at: expect.any(String),
      target_position_name: null,
      next_scheduled_at: null,
      email_statuses: [],
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
    expect(theirs).toEqual({ data: [], total: 0, has_more: false });
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
