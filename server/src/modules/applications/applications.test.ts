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

type Auth = { authorization: string };

/** A request to /api/applications (and below it, `path`) as the user of `auth`. */
const api = (
  auth: Auth,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path = "",
  payload?: object,
) => t.app.inject({ method, url: `/api/applications${path}`, headers: auth, payload });

const create = (auth: Auth, payload: Record<string, unknown>) => api(auth, "POST", "", payload);

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

    const moved = await api(user.auth, "PATCH", `/${application.id}`, {
      stage: "interviewing",
      notes: "Superday on Friday",
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().stage).toBe("interviewing");
    expect(moved.json().notes).toBe("Superday on Friday");
    expect(moved.json().history.map((h: { stage: string }) => h.stage)).toEqual([
      "saved",
      "interviewing",
    ]);

    const list = await api(user.auth, "GET");
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0]).toMatchObject({ id: application.id, stage: "interviewing" });

    const deleted = await api(user.auth, "DELETE", `/${application.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await api(user.auth, "GET")).json()).toEqual([]);
  });

  it("refuses an unknown stage with a detail and changes nothing", async () => {
    const user = await createUser(t);
    const refused = await create(user.auth, { company: "Acme", role: "Analyst", stage: "hired" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/Unknown stage/);

    const application = (await create(user.auth, { company: "Acme", role: "Analyst" })).json();
    const patch = await api(user.auth, "PATCH", `/${application.id}`, {
      stage: "hired",
      role: "Associate",
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
    expect((await api(other.auth, "GET")).json()).toEqual([]);
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
    const link = (contactIds: string[]) =>
      api(user.auth, "PUT", `/${application.id}/contacts`, { contact_ids: contactIds });

    const linked = await link([mine.id]);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().contacts).toEqual([
      expect.objectContaining({ contact_id: mine.id, status: "Uncontacted", last_message: null }),
    ]);

    const refused = await link([theirs.id]);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe(`Contact ${theirs.id} is not in your network`);
    const after = await api(user.auth, "GET", `/${application.id}`);
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
    const suggestions = await api(user.auth, "GET", `/${application.id}/suggestions`);
    expect(
      suggestions
        .json()
        .map((s: { contact_id: string }) => s.contact_id)
        .sort(),
    ).toEqual([replier.id, bouncer.id, colleague.id].sort());

    const linked = await api(user.auth, "PUT", `/${application.id}/contacts`, {
      contact_ids: [replier.id, bouncer.id],
    });
    const card = linked.json();
    expect(card.outreach).toEqual({ sent: 2, replied: 1 });
    expect(card.last_message).toMatchObject({ direction: "inbound", subject: "Re: Hello" });
    const bounced = card.contacts.find((c: { contact_id: string }) => c.contact_id === bouncer.id);
    expect(bounced.last_message).toMatchObject({ direction: "outbound" });

    const left = await api(user.auth, "GET", `/${application.id}/suggestions`);
    expect(left.json().map((s: { contact_id: string }) => s.contact_id)).toEqual([colleague.id]);
  });

  it("links a sent email to an application, and its contact with it", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const [contact] = await addNetworkContacts(t, user.id, 1);
    const emailId = await recordSent(t, { userId: user.id, contactId: contact.id, sentAt: at(9) });
    const application = (await create(user.auth, { company: "Elsewhere", role: "Analyst" })).json();
    const theirs = (await create(other.auth, { company: "Elsewhere", role: "Analyst" })).json();

    const refused = await api(user.auth, "PUT", `/${theirs.id}/emails`, { email_id: emailId });
    expect(refused.statusCode).toBe(404);
    const stolen = await api(other.auth, "PUT", `/${theirs.id}/emails`, { email_id: emailId });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().detail).toBe("Email not found");

    const linked = await api(user.auth, "PUT", `/${application.id}/emails`, { email_id: emailId });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().outreach).toEqual({ sent: 1, replied: 0 });
    expect(linked.json().contacts.map((c: { contact_id: string }) => c.contact_id)).toEqual([
      contact.id,
    ]);
  });
});
