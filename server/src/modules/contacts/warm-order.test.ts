import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  contactRow,
  createUser,
  insertPeople,
  jobsFor,
  type TestUser,
} from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { contacts, directoryWarmOrders, directoryWarmPeople } from "../../db/schema";
import { insertContacts } from "./bulk-load";
import { hasRealName, isShared, notSavedBy, notStartupFounder } from "./conditions";
import { addPersonToNetwork } from "./network";
import {
  addToWarmOrders,
  buildWarmOrder,
  WARM_ORDER_JOB,
  warmOrderJobs,
  warmOrderReady,
} from "./warm-order";
import { loadStudentSignals, warmthSql } from "./warm-signals";

/**
 * "Warm first" kept ready per student (ADR 041): built by a job the page asks for, used only
 * while it is built for the student's signals now, and kept whole when directory people are
 * added, updated or the student's profile changes. Each page is compared with ranking everyone
 * (the ORDER BY the kept order stands for), whichever path answered it.
 */
const t = useTestApp();

let student: TestUser;

/** The student's "Warm first" page of everyone, through the route. */
async function warmPage(user: TestUser = student): Promise<string[]> {
  const response = await t.app.inject({
    url: "/api/global-contacts/all?sort=warm&show_all=true&limit=1000",
    headers: user.auth,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { contacts: Array<{ id: string }> }).contacts.map((c) => c.id);
}

/** Every listed person ranked by the student's signals now: what the page must show. */
async function rankedEverywhere(user: TestUser = student): Promise<string[]> {
  const warmth = warmthSql(await loadStudentSignals(t.deps.database.db, user.id));
  if (!warmth) throw new Error("the student shares nothing");
  const rows = await t.deps.database.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        hasRealName,
        notStartupFounder,
        eq(contacts.isStudent, false),
        isShared,
        notSavedBy(user.id),
      ),
    )
    .orderBy(warmth.rank, sql`${warmth.count} desc`, contacts.id);
  return rows.map((row) => row.id);
}

const ready = async (user: TestUser = student) =>
  warmOrderReady(
    t.deps.database.db,
    user.id,
    await loadStudentSignals(t.deps.database.db, user.id),
  );

const keptIds = async (user: TestUser = student) =>
  (
    await t.deps.database.db
      .select({ id: directoryWarmPeople.contactId })
      .from(directoryWarmPeople)
      .where(eq(directoryWarmPeople.userId, user.id))
  ).map((row) => row.id);

/** The student's "Warm first" page of `limit` at `offset` through the route (everyone listed). */
async function warmPageAt(offset: number, limit: number): Promise<string[]> {
  const response = await t.app.inject({
    url: `/api/global-contacts/all?sort=warm&show_all=true&limit=${limit}&offset=${offset}`,
    headers: student.auth,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { contacts: Array<{ id: string }> }).contacts.map((c) => c.id);
}

/** The kept people are the order's first (every warm person up to the last kept one). */
async function expectKeptFirst() {
  const kept = await keptIds();
  const ranked = await rankedEverywhere();
  expect(new Set(kept)).toEqual(new Set(ranked.slice(0, kept.length)));
}

/** The waiting build jobs of the student, then the job run as a worker would. */
async function runAskedBuild(user: TestUser = student) {
  const waiting = (await jobsFor(t, WARM_ORDER_JOB)).filter(
    (job) => job.singletonKey === user.id && job.state === "created",
  );
  expect(waiting).toHaveLength(1);
  const [job] = warmOrderJobs(t.deps);
  await job.handle({ userId: user.id });
  await t.deps.database.raw.query("delete from pgboss.job where name = $1", [WARM_ORDER_JOB]);
}

const profile = (university: string) =>
  t.app.inject({
    method: "PATCH",
    url: "/api/profile",
    headers: student.auth,
    payload: { university, major: "Economics" },
  });

describe("the kept Warm first order", () => {
  beforeAll(async () => {
    await insertPeople(t, [
      ...Array.from({ length: 12 }, (_, i) => ({
        fullName: `Cornell Alum ${i}`,
        university: "Cornell University",
        education: "Cornell University",
        company: i % 2 ? "Northwind" : "Bytewell",
      })),
      ...Array.from({ length: 12 }, (_, i) => ({
        fullName: `Stanford Alum ${i}`,
        university: "Stanford University",
        education: "Stanford University, Economics",
        email: i % 3 ? `stanford.${i}@example.com` : null,
      })),
      ...Array.from({ length: 20 }, (_, i) => ({
        fullName: `Someone Else ${i}`,
        university: "Rice University",
        education: "Rice University",
        company: "Initech",
      })),
    ]);
    student = await createUser(t);
    expect((await profile("Cornell University")).statusCode).toBe(200);
  });

  it("is built when a page asks for it, and the page ranks on the fly until then", async () => {
    expect(await ready()).toBe(false);
    expect(await warmPage()).toEqual(await rankedEverywhere());
    await runAskedBuild();
    expect(await ready()).toBe("whole");
    // Twelve Cornell alumni, and everyone in Economics (the Stanford people).
    expect(await keptIds()).toHaveLength(24);
    expect(await warmPage()).toEqual(await rankedEverywhere());
    // A page read from the kept order asks for nothing.
    expect(await jobsFor(t, WARM_ORDER_JOB)).toHaveLength(0);
  });

  it("takes new directory people in the transaction that adds them", async () => {
    await buildWarmOrder(t.deps.database.db, student.id);
    const before = await keptIds();
    await insertContacts(t.deps.database.db, [
      contactRow({ fullName: "New Cornell Alum", university: "Cornell University" }),
      contactRow({ fullName: "New Rice Person", university: "Rice University", education: null }),
    ]);
    // Another student saves a founder-composer person: a new directory row.
    const other = await createUser(t);
    await t.deps.database.db.transaction((tx) =>
      addPersonToNetwork(tx, other.id, {
        ...contactRow({
          fullName: "Added Economist",
          university: null,
          education: "Duke University, Economics",
        }),
        email: "added.economist@example.com",
      }),
    );
    expect(await ready()).toBe("whole");
    const added = (await keptIds()).filter((id) => !before.includes(id));
    const names = await t.deps.database.db
      .select({ name: contacts.fullName })
      .from(contacts)
      .where(sql`${contacts.id} = any(${`{${added.join(",")}}`}::uuid[])`);
    expect(names.map((row) => row.name).sort()).toEqual(["Added Economist", "New Cornell Alum"]);
    expect(await warmPage()).toEqual(await rankedEverywhere());
  });

  it("keeps at most its first people, and pages past them are ranked on the fly", async () => {
    expect(await buildWarmOrder(t.deps.database.db, student.id, undefined, 5)).toBe(5);
    expect(await keptIds()).toHaveLength(5);
    expect(await ready()).toBe("prefix");
    await expectKeptFirst();
    const expected = await rankedEverywhere();
    expect(expected.length).toBeGreaterThan(20);
    // Pages inside the kept people, across their end, and past it.
    for (const offset of [0, 2, 4, 5, 9]) {
      expect(await warmPageAt(offset, 2)).toEqual(expected.slice(offset, offset + 2));
    }
    expect(await warmPage()).toEqual(expected);
    // Kept whole when there are no more warm people than it may keep.
    const warm = await buildWarmOrder(t.deps.database.db, student.id, undefined, 1000);
    expect(warm).toBeLessThan(1000);
    expect(await ready()).toBe("whole");
    expect(await buildWarmOrder(t.deps.database.db, student.id, undefined, warm)).toBe(warm);
    expect(await ready()).toBe("whole");
    expect(await buildWarmOrder(t.deps.database.db, student.id, undefined, warm - 1)).toBe(
      warm - 1,
    );
    expect(await ready()).toBe("prefix");
  });

  it("takes a new person who ranks among its kept people, and not one after them", async () => {
    await buildWarmOrder(t.deps.database.db, student.id, undefined, 5);
    const before = await keptIds();
    // A Cornell alum in Economics shares two kinds: before every alum who shares one. An
    // economist from elsewhere ranks after every alum, past the fifth.
    await insertContacts(t.deps.database.db, [
      contactRow({
        fullName: "Cornell Economist",
        university: "Cornell University",
        education: "Cornell University, Economics",
      }),
      contactRow({ fullName: "Far Economist", university: null, education: "Rice, Economics" }),
    ]);
    expect(await ready()).toBe("prefix");
    const added = (await keptIds()).filter((id) => !before.includes(id));
    expect(added).toHaveLength(1);
    const [first] = await t.deps.database.db
      .select({ name: contacts.fullName })
      .from(contacts)
      .where(eq(contacts.id, added[0]));
    expect(first.name).toBe("Cornell Economist");
    // Six kept, still exactly the order's first six; the pages agree with the ORDER BY.
    expect(await keptIds()).toHaveLength(6);
    await expectKeptFirst();
    const expected = await rankedEverywhere();
    for (const offset of [0, 3, 5, 6]) {
      expect(await warmPageAt(offset, 2)).toEqual(expected.slice(offset, offset + 2));
    }
    expect(await warmPage()).toEqual(expected);
  });

  it("is forgotten by a transaction that adds more people than it may compare", async () => {
    await buildWarmOrder(t.deps.database.db, student.id);
    await t.deps.database.db.transaction(async (tx) => {
      const [added] = await tx
        .insert(contacts)
        .values(contactRow({ fullName: "Budget Alum", university: "Cornell University" }))
        .returning({ id: contacts.id });
      // Two comparisons (the person twice, one order) against a budget of one.
      await addToWarmOrders(tx, [added.id, added.id], 1);
    });
    expect(await ready()).toBe(false);
    expect(await warmPage()).toEqual(await rankedEverywhere());
    await runAskedBuild();
    expect(await ready()).toBe("whole");
    expect(await warmPage()).toEqual(await rankedEverywhere());
  });

  it("is built again after a profile change, ranking on the fly in between", async () => {
    await buildWarmOrder(t.deps.database.db, student.id);
    expect(await ready()).toBe("whole");
    expect((await profile("Stanford University")).statusCode).toBe(200);
    // Built for Cornell: not used for a Stanford student, and a build is asked for.
    expect(await ready()).toBe(false);
    const expected = await rankedEverywhere();
    expect(await warmPage()).toEqual(expected);
    await runAskedBuild();
    expect(await ready()).toBe("whole");
    expect(await warmPage()).toEqual(expected);
    const [first] = await t.deps.database.db
      .select({ name: contacts.fullName })
      .from(contacts)
      .where(eq(contacts.id, expected[0]));
    expect(first.name).toMatch(/^Stanford Alum/);
  });

  it("is forgotten when a directory person changes, and built again", async () => {
    await buildWarmOrder(t.deps.database.db, student.id);
    const [someone] = await insertPeople(t, [{ fullName: "Later Stanford", university: "Rice" }]);
    // Inserted around the application's writers: only an update can make this one warm.
    await t.deps.database.db
      .update(contacts)
      .set({ university: "Stanford University" })
      .where(eq(contacts.id, someone));
    expect(
      await t.deps.database.db
        .select()
        .from(directoryWarmOrders)
        .where(eq(directoryWarmOrders.userId, student.id)),
    ).toHaveLength(0);
    const expected = await rankedEverywhere();
    expect(await warmPage()).toEqual(expected);
    await runAskedBuild();
    expect(await keptIds()).toContain(someone);
    expect(await warmPage()).toEqual(expected);
  });
});
