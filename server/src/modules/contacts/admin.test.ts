import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, insertPeople, scrapeStudents } from "../../../tests/factories";
import { multipartBody } from "../../../tests/files";
import { createTestApp, type TestApp } from "../../../tests/helpers";
import { contacts } from "../../db/schema";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: "chief@reachout.example" });
  admin = await createUser(t, { email: "chief@reachout.example" });
});
afterAll(async () => {
  await t?.close();
});

const importCsv = (auth: Record<string, string>, text: string) => {
  const upload = multipartBody("file", "people.csv", text, "text/csv");
  return t.app.inject({
    method: "POST",
    url: "/api/admin/contacts/import",
    payload: upload.payload,
    headers: { ...upload.headers, ...auth },
  });
};

describe("POST /api/admin/contacts/import", () => {
  it("imports good rows and counts the skipped ones (placeholder names, bad or missing identity, duplicates)", async () => {
    await insertPeople(t, [{ email: "already@firm.example" }]);
    const csv = [
      "Full Name,Title,Company,Industry,Location,Email,LinkedIn,Interests,Company Size,Is Hiring",
      '"Okafor, Grace",Campus Recruiter,Harborview Partners,Private Equity,"New York, NY",grace@harborview.example,,mentoring; chess,201-1000,yes',
      "Lars Berg,Engineering Manager,Cloudforge,software,Berlin,,https://www.linkedin.com/in/lars-berg,,huge,no",
      "Unknown,Recruiter,Acme,software,Boston,unknown@acme.example,,,,",
      "Bad Email,Recruiter,Acme,software,Boston,not-an-email,,,,",
      "No Identity,Recruiter,Acme,software,Boston,,,,,",
      "Dup Person,Recruiter,Acme,software,Boston,ALREADY@firm.example,,,,",
      "Grace Again,Recruiter,Acme,software,Boston,grace@harborview.example,,,,",
    ].join("\n");
    const response = await importCsv(admin.auth, csv);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ imported: 2, skipped: 5 });

    const [grace] = await t.deps.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.email, "grace@harborview.example"));
    expect(grace).toMatchObject({
      fullName: "Okafor, Grace",
      industry: "private equity",
      roleCategory: "Investment Banking & Finance",
      location: "New York, NY",
      interests: ["mentoring", "chess"],
      companySize: "201-1000",
      isHiring: true,
      source: "import",
    });
    const [lars] = await t.deps.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.linkedin, "https://www.linkedin.com/in/lars-berg"));
    expect(lars).toMatchObject({
      email: null,
      companySize: null,
      roleCategory: "Technology - Software Engineering",
    });
  });

  it("refuses a CSV without a name column, or without email and linkedin columns, with 400", async () => {
    const noName = await importCsv(admin.auth, "title,email\nRecruiter,a@b.example\n");
    expect(noName.statusCode).toBe(400);
    expect(noName.json().detail).toContain("full_name");
    const noIdentity = await importCsv(admin.auth, "name,title\nAda,Recruiter\n");
    expect(noIdentity.statusCode).toBe(400);
    expect(noIdentity.json().detail).toContain("email");
  });

  it("refuses a request that is not multipart with 400", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/contacts/import",
      headers: admin.auth,
      payload: { rows: [] },
    });
    expect(response.statusCode).toBe(400);
  });

  it("is forbidden to other users (403) and to visitors (401)", async () => {
    const user = await createUser(t);
    const response = await importCsv(user.auth, "name,email\nEve,eve@x.example\n");
    expect(response.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: "POST", url: "/api/admin/contacts/import" });
    expect(anonymous.statusCode).toBe(401);
    const rows = await t.deps.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.email, "eve@x.example"));
    expect(rows).toHaveLength(0);
  });
});

describe("POST /api/scrape-linkedin-students (sandbox source)", () => {
  it("imports a fresh batch of fictional Cornell business students each time", async () => {
    const first = await scrapeStudents(t, admin.auth);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ count: 25 });
    const second = await scrapeStudents(t, admin.auth);
    expect(second.json()).toEqual({ count: 25 });
    const students = await t.deps.database.db
      .select({
        email: contacts.email,
        university: contacts.university,
        isStudent: contacts.isStudent,
      })
      .from(contacts)
      .where(eq(contacts.source, "demo-students"));
    expect(students).toHaveLength(50);
    expect(new Set(students.map((s) => s.email)).size).toBe(50);
    for (const student of students) {
      expect(student).toMatchObject({ university: "Cornell University", isStudent: true });
      expect(student.email).toMatch(/\.example$/);
    }
  });

  it("is forbidden to other users with 403", async () => {
    const user = await createUser(t);
    const response = await scrapeStudents(t, user.auth);
    expect(response.statusCode).toBe(403);
  });
});
