import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  addNetworkContacts,
  at,
  createUser,
  recordInbound,
  recordSent,
} from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { applicationStageChanges, applications } from "../../db/schema";

const t = useTestApp();

async function create(auth: { authorization: string }, payload: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: "/api/applications", headers: auth, payload });
}

describe("applications API", () => {
  it("creates, lists, moves and deletes an application, recording each stage", async () => {
    const user = await createUser(t);
    const created = await create(user.auth, {
      company: "Harborview Partners",
      role: "Summer Analyst",
      posting_url: "https://jobs.example/123",
    });
    expect(created.statusCode).toBe(201);
    const application = created.json();
    expect(application).toMatchObject({
      company: "Harborview Partners",
      role: "Summer Analyst",
      stage: "saved",
      posting_url: "https://jobs.example/123",
      contacts: [],
      outreach: { sent: 0, replied: 0 },
    });

    const moved = await t.app.inject({
      method: "PATCH",
      url: `/api/applications/${application.id}`,
      headers: user.auth,
      payload: { stage: "interviewing", notes: "Superday on Friday" },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().stage).toBe("interviewing");
    expect(moved.json().notes).toBe("Superday on Friday");
    expect(moved.json().history.map((h: { stage: string }) => h.stage)).toEqual([
      "saved",
      "interviewing",
    ]);

    const list = await t.app.inject({ url: "/api/applications", headers: user.auth });
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0]).toMatchObject({ id: application.id, stage: "interviewing" });

    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/applications/${application.id}`,
      headers: user.auth,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await t.app.inject({ url: "/api/applications", headers: user.auth })).json()).toEqual(
      [],
    );
  });

  it("refuses an unknown stage with a detail and changes nothing", async () => {
    const user = await createUser(t);
    const refused = await create(user.auth, { company: "Acme", role: "Analyst", stage: "hired" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/Unknown stage/);

    const application = (await create(user.auth, { company: "Acme", role: "Analyst" })).json();
    const patch = await t.app.inject({
      method: "PATCH",
      url: `/api/applications/${application.id}`,
      headers: user.auth,
      payload: { stage: "hired", role: "Associate" },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().detail).toMatch(/Unknown stage/);
    const [row] = await t.deps.database.db
      .select()
      .from(applications)
      .where(eq(applications.id, application.id));
    expect(row).toMatchObject({ stage: "saved", role: "Analyst" });
    const history = await t.deps.database.db
      .select()
      .from(applicationStageChanges)
      .where(eq(applicationStageChanges.applicationId, application.id));
    expect(history).toHaveLength(1);
  });

  it("answers 404 for another user's application and leaves it as it was", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const application = (await create(owner.auth, { company: "Acme", role: "Analyst" })).json();
    const url = `/api/applications/${application.id}`;

    for (const request of [
      { method: "GET" as const, url },
      { method: "PATCH" as const, url, payload: { stage: "offer" } },
      { method: "DELETE" as const, url },
      { method: "PUT" as const, url: `${url}/contacts`, payload: { contact_ids: [] } },
      { method: "GET" as const, url: `${url}/suggestions` },
    ]) {
      const answer = await t.app.inject({ ...request, headers: other.auth });
      expect(answer.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(answer.json().detail).toBe("Application not found");
    }
    expect((await t.app.inject({ url: "/api/applications", headers: other.auth })).json()).toEqual(
      [],
    );
    const mine = await t.app.inject({ url, headers: owner.auth });
    expect(mine.json()).toMatchObject({ stage: "saved" });
    expect((await t.app.inject({ url: "/api/applications" })).statusCode).toBe(401);
  });

  it("links only contacts of the user's own network; a stranger's contact changes nothing", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const [mine] = await addNetworkContacts(t, user.id, 1, { company: "Acme" });
    const [theirs] = await addNetworkContacts(t, other.id, 1, { company: "Acme" });
    const application = (await create(user.auth, { company: "Acme", role: "Analyst" })).json();
    const url = `/api/applications/${application.id}/contacts`;

    const linked = await t.app.inject({
      method: "PUT",
      url,
      headers: user.auth,
      payload: { contact_ids: [mine.id] },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().contacts).toEqual([
      expect.objectContaining({ contact_id: mine.id, status: "Uncontacted", last_message: null }),
    ]);

    const refused = await t.app.inject({
      method: "PUT",
      url,
      headers: user.auth,
      payload: { contact_ids: [theirs.id] },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe(`Contact ${theirs.id} is not in your network`);
    const after = await t.app.inject({
      url: `/api/applications/${application.id}`,
      headers: user.auth,
    });
    expect(after.json().contacts.map((c: { contact_id: string }) => c.contact_id)).toEqual([
      mine.id,
    ]);
  });

  it("shows each card's outreach: sent, replied (bounces excluded) and the last message", async () => {
    const user = await createUser(t);
    const [replier, bouncer, colleague] = await addNetworkContacts(t, user.id, 3, {
      company: "Acme",
    });
    await recordSent(t, { userId: user.id, contactId: replier.id, sentAt: at(9) });
    await recordInbound(t, { userId: user.id, contactId: replier.id, sentAt: at(11) });
    await recordSent(t, { userId: user.id, contactId: bouncer.id, sentAt: at(10) });
    await recordInbound(t, {
      userId: user.id,
      contactId: bouncer.id,
      sentAt: at(10, 1),
      kind: "bounce",
    });

    const application = (await create(user.auth, { company: "acme", role: "Analyst" })).json();
    const suggestions = await t.app.inject({
      url: `/api/applications/${application.id}/suggestions`,
      headers: user.auth,
    });
    expect(
      suggestions
        .json()
        .map((s: { contact_id: string }) => s.contact_id)
        .sort(),
    ).toEqual([replier.id, bouncer.id, colleague.id].sort());

    const linked = await t.app.inject({
      method: "PUT",
      url: `/api/applications/${application.id}/contacts`,
      headers: user.auth,
      payload: { contact_ids: [replier.id, bouncer.id] },
    });
    const card = linked.json();
    expect(card.outreach).toEqual({ sent: 2, replied: 1 });
    expect(card.last_message).toMatchObject({ direction: "inbound", subject: "Re: Hello" });
    const bounced = card.contacts.find((c: { contact_id: string }) => c.contact_id === bouncer.id);
    expect(bounced.last_message).toMatchObject({ direction: "outbound" });

    const left = await t.app.inject({
      url: `/api/applications/${application.id}/suggestions`,
      headers: user.auth,
    });
    expect(left.json().map((s: { contact_id: string }) => s.contact_id)).toEqual([colleague.id]);
  });

  it("links a sent email to an application, and its contact with it", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const [contact] = await addNetworkContacts(t, user.id, 1);
    const emailId = await recordSent(t, { userId: user.id, contactId: contact.id, sentAt: at(9) });
    const application = (await create(user.auth, { company: "Elsewhere", role: "Analyst" })).json();
    const theirs = (await create(other.auth, { company: "Elsewhere", role: "Analyst" })).json();

    const refused = await t.app.inject({
      method: "PUT",
      url: `/api/applications/${theirs.id}/emails`,
      headers: user.auth,
      payload: { email_id: emailId },
    });
    expect(refused.statusCode).toBe(404);
    const stolen = await t.app.inject({
      method: "PUT",
      url: `/api/applications/${theirs.id}/emails`,
      headers: other.auth,
      payload: { email_id: emailId },
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().detail).toBe("Email not found");

    const linked = await t.app.inject({
      method: "PUT",
      url: `/api/applications/${application.id}/emails`,
      headers: user.auth,
      payload: { email_id: emailId },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().outreach).toEqual({ sent: 1, replied: 0 });
    expect(linked.json().contacts.map((c: { contact_id: string }) => c.contact_id)).toEqual([
      contact.id,
    ]);
  });
});
