import { WRITER_CONTEXT_ASKS } from "@reachout/contract";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  addNetworkContacts,
  addResume,
  connectSandboxMailbox,
  createSender,
  createUser,
  generateEmail,
} from "../../../tests/factories";
import { multipartBody } from "../../../tests/files";
import { useTestApp } from "../../../tests/helpers";
import { contacts, users } from "../../db/schema";
import { buildTextPdf } from "../../lib/text-pdf";
import { loadResumeFacts } from "../resumes";

const t = useTestApp();

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
  it("signs with the account's name when the resume has none, asks for the saved goal, and writes a December graduate as graduating", async () => {
    t.deps.now = () => new Date("2026-11-20T12:00:00Z");
    try {
      const dana = await createUser(t, { name: "Dana Whitfield" });
      await connectSandboxMailbox(t, "gmail", dana.id);
      await addResume(
        t,
        dana.id,
        `dana.whitfield@purdue.example | (765) 555-0100
EDUCATION
Purdue University, B.S. in Business Administration, Expected December 2026
EXPERIENCE
Target — Team Lead, Jun 2023 – Present
• Scheduled shifts for 14 team members and cut overtime by 20% in one quarter
SKILLS
Excel, SQL, Tableau`,
      );
      const goal = await t.app.inject({
        method: "PUT",
        url: "/api/profile/goal",
        headers: dana.auth,
        payload: {
          seeking: "full-time",
          season: null,
          year: null,
          roles: ["operations analyst"],
          industries: [],
          locations: [],
          stage: "student",
        },
      });
      expect(goal.statusCode).toBe(200);
      const [grace] = await addNetworkContacts(t, dana.id, 1, { company: "Northbridge Capital" });
      for (const variant of [1, 2, 3]) {
        const response = await generateEmail(t, dana.auth, grace.id, { variant });
        expect(response.statusCode, response.body).toBe(200);
        const email = response.json();
        expect(email.body).toMatch(/\nDana Whitfield(\n|$)/);
        expect(email.sender_name_missing ?? false).toBe(false);
        expect(email.body).toContain("a full-time operations analyst role");
        expect(email.body).not.toMatch(/\bgraduated\b/);
        // What the draft rests on, for the student to check before sending: the profile's
        // school and major, as the email says them.
        expect(email.written_as).toBe(
          "Dana Whitfield · Economics student at Columbia University (December 2026) · asking for a full-time operations analyst role",
        );
        expect(email.body).toContain("Columbia University");
      }
    } finally {
      t.deps.now = undefined;
    }
  });

  it("follows the objective the resume states until the student confirms a goal", async () => {
    t.deps.now = () => new Date("2026-11-20T12:00:00Z");
    try {
      const lena = await createUser(t, { name: "Lena Park" });
      await connectSandboxMailbox(t, "gmail", lena.id);
      await addResume(
        t,
        lena.id,
        `Lena Park
lena.park@northeastern.example | Boston, MA
OBJECTIVE
Seeking a Fall 2027 co-op in power electronics.
EDUCATION
Northeastern University, B.S. in Electrical Engineering, Expected May 2029
EXPERIENCE
NU Electric Racing — Electrical Team Member, Sep 2025 – Present
• Designed a 12-cell battery monitoring board for the team's 2026 car`,
      );
      const goal = await t.app.inject({
        method: "GET",
        url: "/api/profile/goal",
        headers: lena.auth,
      });
      expect(goal.json().suggested).toMatchObject({
        seeking: "co-op",
        season: "Fall",
        year: 2027,
        roles: ["power electronics"],
      });
      const [contact] = await addNetworkContacts(t, lena.id, 1, { company: "Tesla" });
      const email = (await generateEmail(t, lena.auth, contact.id, { variant: 1 })).json();
      expect(email.body).toContain("a Fall 2027 power electronics co-op");
    } finally {
      t.deps.now = undefined;
    }
  });

  it("cites one dated news item for a company the news source knows, signed with the student's name", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1, { company: "Harborview Partners" });
    const response = await generateEmail(t, ada.auth, grace.id, { email_format: "original" });
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
    const email = (await generateEmail(t, ada.auth, grace.id, { variant: 3 })).json();
    expect(email.body).not.toMatch(/I read|news on|report,/);
  });

  it("opens with the shared school and answers each message type with its format_used", async () => {
    const ada = await createSender(t);
    const [alum] = await addNetworkContacts(t, ada.id, 1, {
      university: "Columbia University",
      education: "Columbia University, B.A. Economics",
      company: "Northbridge Capital",
    });
    const original = (await generateEmail(t, ada.auth, alum.id, { variant: 2 })).json();
    const opening = original.body.split("\n\n").slice(1, 3).join(" ");
    expect(opening).toMatch(/Columbia/);

    for (const format of ["referral", "informational", "coffee_chat", "thank_you", "career_fair"]) {
      const response = await generateEmail(t, ada.auth, alum.id, {
        email_format: format,
        role: format === "referral" ? "Investment Banking Summer Analyst" : undefined,
        occasion:
          format === "thank_you"
            ? "our call on Tuesday about the risk team"
            : format === "career_fair"
              ? "Columbia Fall Career Fair"
              : undefined,
        topic: format === "career_fair" ? "the restructuring group" : undefined,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().format_used).toBe(format);
      expect(response.json().subject.length).toBeLessThan(70);
    }
    const referral = (
      await generateEmail(t, ada.auth, alum.id, {
        email_format: "referral",
        role: "Investment Banking Summer Analyst",
      })
    ).json();
    expect(referral.body).toMatch(/refer(ring)? me for the Investment Banking Summer Analyst/);
  });

  it("asks for the role, the occasion or the fair instead of inventing them, and says what was given", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1, { company: "Northbridge Capital" });
    const noRole = await generateEmail(t, ada.auth, grace.id, { email_format: "referral" });
    expect(noRole.statusCode).toBe(422);
    expect(noRole.json().detail).toBe(WRITER_CONTEXT_ASKS.referral);
    const noOccasion = await generateEmail(t, ada.auth, grace.id, { email_format: "thank_you" });
    expect(noOccasion.statusCode).toBe(422);
    expect(noOccasion.json().detail).toBe(WRITER_CONTEXT_ASKS.thank_you);
    const noTopic = await generateEmail(t, ada.auth, grace.id, {
      email_format: "career_fair",
      occasion: "Columbia Fall Career Fair",
    });
    expect(noTopic.statusCode).toBe(422);
    expect(noTopic.json().detail).toBe(WRITER_CONTEXT_ASKS.career_fair);

    const thanks = await generateEmail(t, ada.auth, grace.id, {
      email_format: "thank_you",
      occasion: "our call on Tuesday about the risk team",
    });
    expect(thanks.json().body).toMatch(
      /Thank you (again )?for our call on Tuesday about the risk team\./,
    );
    const fair = await generateEmail(t, ada.auth, grace.id, {
      email_format: "career_fair",
      occasion: "Columbia Fall Career Fair",
      topic: "the restructuring group",
    });
    expect(fair.json().body).toContain(
      "It was great meeting you at the Columbia Fall Career Fair, and I enjoyed our conversation about the restructuring group at Northbridge Capital.",
    );
  });

  it("gives a fresh variant on each click and refuses an unknown format", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1, { company: "Keystone Advisory" });
    const bodies = new Set<string>();
    // The dialog asks for the next variant on each click, as here.
    for (const variant of [41, 42, 43]) {
      bodies.add((await generateEmail(t, ada.auth, grace.id, { variant })).json().body);
    }
    expect(bodies.size).toBe(3);
    const bad = await generateEmail(t, ada.auth, grace.id, { email_format: "limerick" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain("email_format");
  });

  it("signs without a name and says so when the user's name is unknown", async () => {
    const ada = await createSender(t);
    // The resume's facts are read once (which fills a missing name from its name line); the
    // student then clears the name.
    await loadResumeFacts(t.deps.database.db, ada.id);
    await t.deps.database.db.update(users).set({ name: null }).where(eq(users.id, ada.id));
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const email = (
      await generateEmail(t, ada.auth, grace.id, { email_format: "precision" })
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

  it("puts the warm signals on My Network records and the directory", async () => {
    const ada = await createSender(t);
    const [alum, stranger] = await addNetworkContacts(t, ada.id, 2);
    await t.deps.database.db
      .update(contacts)
      .set({ university: "Columbia University", education: "Columbia University, B.A. Economics" })
      .where(eq(contacts.id, alum.id));
    const mine = (await t.app.inject({ url: "/api/my-network/mine/all", headers: ada.auth })).json()
      .data as Array<{ id: string; warm_signals: Array<{ kind: string; label: string }> }>;
    expect(mine.find((c) => c.id === alum.id)?.warm_signals).toEqual([
      { kind: "school", label: "Columbia alum" },
      { kind: "major", label: "Also studied Economics" },
    ]);
    expect(mine.find((c) => c.id === stranger.id)?.warm_signals).toEqual([]);

    const [listed] = await t.deps.database.db
      .insert(contacts)
      .values({
        fullName: "Directory Alum",
        firstName: "Directory",
        title: "Analyst",
        company: "Evercore",
        email: "directory.alum@bank.example",
        university: "Columbia University",
      })
      .returning();
    const directory = (
      await t.app.inject({
        url: "/api/global-contacts/all?limit=100&offset=0&q=Directory%20Alum",
        headers: ada.auth,
      })
    ).json().contacts as Array<{ id: string; warm_signals: Array<{ kind: string }> }>;
    expect(directory.find((c) => c.id === listed.id)?.warm_signals.map((s) => s.kind)).toEqual([
      "school",
      "employer",
    ]);
  });

  it("reads the plain Michigan line, and a Michigan alum in the directory carries the school signal", async () => {
    const ada = await createSender(t);
    const upload = multipartBody(
      "resume",
      "cv.pdf",
      buildTextPdf([
        "Ada Lovelace",
        "EDUCATION",
        "University of Michigan, B.A. Economics, Class of 2027. GPA 3.8",
        "EXPERIENCE",
        "Evercore | Summer Analyst | Jun 2025 - Aug 2025",
      ]),
    );
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/resumes/upload",
      payload: upload.payload,
      headers: { ...upload.headers, ...ada.auth },
    });
    expect(uploaded.statusCode).toBe(200);
    const read = (await t.app.inject({ url: "/api/resumes/facts", headers: ada.auth })).json();
    expect(read.facts.education).toEqual([
      expect.objectContaining({
        school: "University of Michigan",
        degree: "B.A.",
        major: "Economics",
        class_year: 2027,
      }),
    ]);
    const [alum] = await t.deps.database.db
      .insert(contacts)
      .values({
        fullName: "Wolverine Alum",
        firstName: "Wolverine",
        title: "Associate",
        company: "Lazard",
        email: "wolverine.alum@bank.example",
        university: "University of Michigan",
      })
      .returning();
    const directory = (
      await t.app.inject({
        url: "/api/global-contacts/all?limit=100&offset=0&q=Wolverine%20Alum",
        headers: ada.auth,
      })
    ).json().contacts as Array<{
      id: string;
      warm_signals: Array<{ kind: string; label: string }>;
    }>;
    // "Michigan" alone would name the state: the label keeps the school's full name.
    expect(directory.find((c) => c.id === alum.id)?.warm_signals[0]).toEqual({
      kind: "school",
      label: "University of Michigan alum",
    });
  });

  it("keeps the student's corrections of the resume facts over a re-parse, until cleared", async () => {
    const ada = await createSender(t);
    const read = (await t.app.inject({ url: "/api/resumes/facts", headers: ada.auth })).json();
    expect(read).toMatchObject({ corrected: false });
    expect(read.facts.experiences[0]).toMatchObject({ employer: "Evercore" });

    const corrected = {
      ...read.facts,
      experiences: [{ ...read.facts.experiences[0], employer: "Evercore ISI" }],
    };
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/resumes/facts",
      headers: ada.auth,
      payload: corrected,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().corrected).toBe(true);

    // A new upload is parsed again; the correction follows its entry, which is still there.
    const upload = multipartBody(
      "resume",
      "cv.pdf",
      buildTextPdf([
        "Ada Lovelace",
        "EXPERIENCE",
        "Evercore | Summer Analyst | Jun 2025 - Aug 2025",
        "- Built a merger model for a $1.2B industrials deal that the team took to the client",
        "Lazard | Analyst | Jan 2025 - May 2025",
      ]),
    );
    await t.app.inject({
      method: "POST",
      url: "/api/resumes/upload",
      payload: upload.payload,
      headers: { ...upload.headers, ...ada.auth },
    });
    const after = (await t.app.inject({ url: "/api/resumes/facts", headers: ada.auth })).json();
    expect(after.facts.experiences.map((e: { employer: string }) => e.employer)).toEqual([
      "Evercore ISI",
      "Lazard",
    ]);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const email = (
      await generateEmail(t, ada.auth, grace.id, { email_format: "precision" })
    ).json();
    expect(email.body).toContain("Evercore ISI");

    const cleared = await t.app.inject({
      method: "DELETE",
      url: "/api/resumes/facts/corrections",
      headers: ada.auth,
    });
    expect(cleared.json()).toMatchObject({ corrected: false });
    expect(cleared.json().facts.experiences[0].employer).toBe("Evercore");

    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/resumes/facts",
      headers: ada.auth,
      payload: { ...corrected, skills: "Excel" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain("skills");
  });

  it("reports the LLM's health without secrets", async () => {
    const health = (await t.app.inject({ url: "/api/health" })).json();
    expect(health.llm).toMatchObject({ configured: false, model: null });
    expect(typeof health.llm.fallbacks).toBe("number");
  });
});
