import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { contacts, founders, resumes, startups, userContacts, waitlist } from "../../src/db/schema";
import { grantCredits } from "../../src/modules/credits/service";
import { addNetworkContacts, addResume, connectGmail, createUser } from "../factories";
import type { TestApp } from "../helpers";

type Auth = { authorization: string };

/** One user with one of everything a user can own, plus the strings that identify it. */
export interface World {
  id: string;
  email: string;
  gmail: string;
  auth: Auth;
  /** Text only this user's data contains: seeing it in another user's answer is a leak. */
  marker: string;
  resumeId: string;
  /** Network contacts: [0] reads and edits, [1] and [3] removal (by two ids), [2] sends. */
  contactIds: string[];
  userContactIds: string[];
  /** A person this user imported without an address (no email yet), in their network. */
  ownContactId: string;
  /** A directory person in nobody's network, for this user to save. */
  directoryContactId: string;
  positionId: string;
  positionToDeleteId: string;
  scheduledEmailId: string;
  sentEmailId: string;
  /** A sequence with contact [0] enrolled (its first email a week ahead), and one with none. */
  sequenceId: string;
  spareSequenceId: string;
  enrollmentId: string;
  /** An application with contact [0] linked, and a spare one to delete. */
  applicationId: string;
  spareApplicationId: string;
  founder: { email: string; linkedin: string; orgName: string };
}

const ok = (status: number, what: string, body: string) => {
  if (status >= 300) throw new Error(`${what} answered ${status}: ${body.slice(0, 300)}`);
};

/** A startup with one founder reachable by email, so startup outreach can be proved to work. */
async function addStartup(t: TestApp) {
  // Public directory data: named apart from the user's private marker.
  const tag = randomBytes(4).toString("hex");
  const orgName = `Orbit ${tag}`;
  const [startup] = await t.deps.database.db
    .insert(startups)
    .values({
      orgName,
      location: "Austin, Texas",
      fundingType: "Seed",
      announcedDate: "2025-01-10",
    })
    .returning({ id: startups.id });
  const founder = {
    email: `mia.${tag}@orbit.example`,
    linkedin: `https://www.linkedin.example/in/mia-${tag}`,
    orgName,
  };
  await t.deps.database.db.insert(founders).values({
    startupId: startup.id,
    personName: `Mia ${tag}`,
    personTitle: "Co-Founder & CEO",
    personEmail: founder.email,
    personLinkedin: founder.linkedin,
  });
  return founder;
}

/**
 * Builds a user through the API where the API can (profile, positions, scheduled and sent
 * email) and directly in the database otherwise (resume, Gmail grant, network, credits).
 */
export async function createWorld(t: TestApp, label: string): Promise<World> {
  const marker = `${label}${randomBytes(4).toString("hex")}`;
  const user = await createUser(t, {
    email: `${marker}@uni.example`,
    name: `Student ${marker}`,
  });
  const db = t.deps.database.db;
  await db.transaction((tx) =>
    grantCredits(tx, {
      userId: user.id,
      amount: 20,
      reason: "adjustment",
      reference: `world-${marker}`,
      description: `Grant ${marker}`,
    }),
  );
  await addResume(t, user.id);
  const gmail = await connectGmail(t, user.id, `${marker}@gmail.example`);
  await db.insert(waitlist).values({ name: marker, email: user.email, approvedAt: new Date() });
  const people = await addNetworkContacts(t, user.id, 4);
  const contactIds = people.map((p) => p.id);
  const saved = await db
    .select({ id: userContacts.id, contactId: userContacts.contactId })
    .from(userContacts)
    .where(eq(userContacts.userId, user.id));
  const userContactIds = contactIds.map((id) => saved.find((s) => s.contactId === id)?.id ?? "");

  const [own] = await db
    .insert(contacts)
    .values({ fullName: `Nell ${marker}`, company: "Own Co", ownerUserId: user.id })
    .returning({ id: contacts.id });
  await db.insert(userContacts).values({ userId: user.id, contactId: own.id });

  const [directory] = await db
    .insert(contacts)
    .values({
      fullName: "Dana Directory",
      title: "Recruiter",
      company: "Public Co",
      email: `dana.${randomBytes(4).toString("hex")}@public.example`,
    })
    .returning({ id: contacts.id });

  const call = async (method: string, url: string, payload?: object) => {
    const response = await t.app.inject({
      method: method as "POST",
      url,
      headers: user.auth,
      ...(payload ? { payload } : {}),
    });
    ok(response.statusCode, `${method} ${url}`, response.body);
    return response.json();
  };
  await call("PATCH", "/api/profile", { university: `University ${marker}`, major: "Economics" });
  const position = await call("POST", "/api/target_positions", {
    job_title: `analyst ${marker}`,
    location: "New York",
  });
  const toDelete = await call("POST", "/api/target_positions", {
    job_title: `associate ${marker}`,
    location: "Boston",
  });
  const scheduled = await call("POST", `/api/emails/schedule/${contactIds[0]}`, {
    subject: `Scheduled ${marker}`,
    body: `Body ${marker}`,
    scheduled_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  const sent = await call("POST", `/api/emails/send/${contactIds[2]}`, {
    subject: `Sent ${marker}`,
    body: `Body ${marker}`,
  });
  const steps = [{ wait_minutes: 60 }, { wait_minutes: 60 }];
  const sequence = await call("POST", "/api/sequences", { name: `Sequence ${marker}`, steps });
  const spare = await call("POST", "/api/sequences", { name: `Spare ${marker}`, steps });
  const enrolment = await call("POST", `/api/sequences/${sequence.id}/enroll`, {
    contact_ids: [contactIds[0]],
    subject: `Enrolled ${marker}`,
    body: `Body ${marker}`,
    scheduled_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  const application = await call("POST", "/api/applications", {
    company: `Company ${marker}`,
    role: `Analyst ${marker}`,
  });
  await call("PUT", `/api/applications/${application.id}/contacts`, {
    contact_ids: [contactIds[0]],
  });
  const spareApplication = await call("POST", "/api/applications", {
    company: `Spare ${marker}`,
    role: "Associate",
  });
  const [resume] = await db
    .select({ id: resumes.id })
    .from(resumes)
    .where(eq(resumes.userId, user.id));
  return {
    id: user.id,
    email: user.email,
    gmail,
    auth: user.auth,
    marker,
    resumeId: resume.id,
    contactIds,
    ownContactId: own.id,
    userContactIds,
    directoryContactId: directory.id,
    positionId: position.id,
    positionToDeleteId: toDelete.id,
    scheduledEmailId: scheduled.id,
    sentEmailId: sent.id,
    sequenceId: sequence.id,
    spareSequenceId: spare.id,
    enrollmentId: enrolment.enrolled[0].id,
    applicationId: application.id,
    spareApplicationId: spareApplication.id,
    founder: await addStartup(t),
  };
}

/** Strings that must never appear in another user's answers (ids, addresses, texts). */
export function privateStrings(world: World, options: { withContacts: boolean }): string[] {
  return [
    world.id,
    world.email,
    world.gmail,
    world.marker,
    world.resumeId,
    ...world.userContactIds,
    world.positionId,
    world.positionToDeleteId,
    world.scheduledEmailId,
    world.sentEmailId,
    world.sequenceId,
    world.spareSequenceId,
    world.enrollmentId,
    world.applicationId,
    world.spareApplicationId,
    // Directory people are shared; only the user's network makes them theirs.
    ...(options.withContacts ? world.contactIds : []),
  ];
}
