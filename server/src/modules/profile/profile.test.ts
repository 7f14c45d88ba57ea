import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser } from "../../../tests/factories";
import { multipartBody } from "../../../tests/files";
import { useTestApp } from "../../../tests/helpers";
import { mailboxes, profiles, users } from "../../db/schema";
import { encryptSecret } from "../../lib/crypto";
import { buildTextPdf } from "../../lib/text-pdf";

const t = useTestApp();

const status = (auth: Record<string, string>) =>
  t.app.inject({ url: "/api/user/profile_status", headers: auth });
const patch = (auth: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: "PATCH", url: "/api/profile", headers: auth, payload: payload as object });

describe("GET /api/user/profile_status", () => {
  it("reports an empty profile with nothing set up for a new user", async () => {
    const user = await createUser(t, { email: "fresh@uni.example" });
    const response = await status(user.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      resume_uploaded: false,
      gmail_connected: false,
      copy_mode: false,
      full_name: null,
      university: null,
      graduation_year: null,
      major: null,
    });
  });

  it("turns resume_uploaded on after an upload and gmail_connected only for a connected mailbox", async () => {
    const user = await createUser(t, { email: "setup@uni.example" });
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/resumes/upload",
      ...withAuth(multipartBody("resume", "cv.pdf", buildTextPdf(["Setup Student"])), user.auth),
    });
    expect(upload.statusCode).toBe(200);
    const gmail = {
      userId: user.id,
      email: "setup@gmail.example",
      refreshTokenEnc: encryptSecret("refresh-token", t.deps.config.tokenEncryptionKey),
      scopes: "openid email",
      status: "revoked" as const,
    };
    await t.deps.database.db.insert(mailboxes).values(gmail);
    expect((await status(user.auth)).json()).toMatchObject({
      resume_uploaded: true,
      gmail_connected: false,
    });
    await t.deps.database.db
      .insert(mailboxes)
      .values({ ...gmail, status: "connected" })
      .onConflictDoUpdate({ target: mailboxes.userId, set: { status: "connected" } });
    expect((await status(user.auth)).json()).toMatchObject({ gmail_connected: true });
  });

  it("answers 401 without a token", async () => {
    const response = await t.app.inject({ url: "/api/user/profile_status" });
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBeTruthy();
  });
});

function withAuth(body: ReturnType<typeof multipartBody>, auth: Record<string, string>) {
  return { payload: body.payload, headers: { ...body.headers, ...auth } };
}

describe("PATCH /api/profile", () => {
  it("saves trimmed fields, ignores unknown ones and answers the updated profile", async () => {
    const user = await createUser(t, { email: "edit@uni.example" });
    const response = await patch(user.auth, {
      university: "  Cornell University ",
      graduation_year: 2026,
      major: "Economics",
      credits: 9999,
      user_id: "someone-else",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      full_name: null,
      university: "Cornell University",
      graduation_year: 2026,
      major: "Economics",
    });
    expect((await status(user.auth)).json()).toMatchObject({
      university: "Cornell University",
      graduation_year: 2026,
      major: "Economics",
    });
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.credits).toBe(5);
  });

  it("changes only the fields sent, and blank text clears a field", async () => {
    const user = await createUser(t, { email: "partial@uni.example" });
    await patch(user.auth, { university: "NYU", graduation_year: 2025, major: "Finance" });
    const response = await patch(user.auth, { major: "   ", graduation_year: "2027" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      full_name: null,
      university: "NYU",
      graduation_year: 2027,
      major: null,
    });
  });

  it.each([
    [{ graduation_year: 1949 }, "graduation_year"],
    [{ graduation_year: 2101 }, "graduation_year"],
    [{ graduation_year: 2024.5 }, "graduation_year"],
    [{ graduation_year: "soon" }, "graduation_year"],
    [{ university: "x".repeat(121) }, "university"],
    [{ major: "Finance\r\nBcc: victim@uni.example" }, "major"],
    [{ university: 42 }, "university"],
    [{ full_name: "Ada\nBcc: victim@uni.example" }, "full_name"],
    [{ full_name: "x".repeat(121) }, "full_name"],
  ])("refuses %j with 400 naming %s and changes nothing", async (payload, field) => {
    const user = await createUser(t, { email: `bad-${field}-${Math.random()}@uni.example` });
    await patch(user.auth, { university: "Stanford", graduation_year: 2026, major: "CS" });
    const response = await patch(user.auth, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(field);
    expect((await status(user.auth)).json()).toMatchObject({
      university: "Stanford",
      graduation_year: 2026,
      major: "CS",
    });
  });

  it("accepts the limits 1950 and 2100", async () => {
    const user = await createUser(t, { email: "limits@uni.example" });
    expect((await patch(user.auth, { graduation_year: 1950 })).json().graduation_year).toBe(1950);
    expect((await patch(user.auth, { graduation_year: 2100 })).json().graduation_year).toBe(2100);
  });

  it("keeps each user's profile to that user", async () => {
    const ada = await createUser(t, { email: "ada@uni.example" });
    const bob = await createUser(t, { email: "bob@uni.example" });
    await patch(ada.auth, { university: "Oxford" });
    await patch(bob.auth, { university: "Cambridge" });
    expect((await status(ada.auth)).json().university).toBe("Oxford");
    const rows = await t.deps.database.db.select().from(profiles);
    expect(rows.filter((r) => r.userId === ada.id)).toHaveLength(1);
  });

  it("answers 401 without a token and a 400 detail for a body that is not an object", async () => {
    expect(
      (await t.app.inject({ method: "PATCH", url: "/api/profile", payload: {} })).statusCode,
    ).toBe(401);
    const user = await createUser(t, { email: "array@uni.example" });
    const response = await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: { ...user.auth, "content-type": "application/json" },
      payload: "[1,2]",
    });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().detail).toBe("string");
  });
});

describe("the user's full name", () => {
  const profileOf = async (auth: Record<string, string>) =>
    (await t.app.inject({ url: "/api/user/profile", headers: auth })).json();
  const upload = (auth: Record<string, string>, lines: string[]) =>
    t.app.inject({
      method: "POST",
      url: "/api/resumes/upload",
      ...withAuth(multipartBody("resume", "cv.pdf", buildTextPdf(lines)), auth),
    });

  it("is saved by Edit Profile, trimmed, and is the account's name", async () => {
    const user = await createUser(t, { email: "named@uni.example" });
    const response = await patch(user.auth, { full_name: "  Grace Hopper " });
    expect(response.statusCode).toBe(200);
    expect(response.json().full_name).toBe("Grace Hopper");
    expect((await profileOf(user.auth)).name).toBe("Grace Hopper");
    expect((await patch(user.auth, { full_name: "" })).json().full_name).toBeNull();
  });

  it("is read from the resume when empty, and never replaces a name the user set", async () => {
    const fresh = await createUser(t, { email: "ux.mwukmamy@uni.example" });
    expect(
      (await upload(fresh.auth, ["Priya Raman", "priya@uni.example", "EDUCATION"])).statusCode,
    ).toBe(200);
    expect((await status(fresh.auth)).json().full_name).toBe("Priya Raman");

    const named = await createUser(t, { email: "set@uni.example" });
    await patch(named.auth, { full_name: "Sam Ortiz" });
    await upload(named.auth, ["Samuel Ortiz-Lopez", "sam@uni.example"]);
    expect((await status(named.auth)).json().full_name).toBe("Sam Ortiz");
  });

  it("is taken at sign-up", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: {
        email: "signup-name@uni.example",
        password: "long-enough-pass-1",
        full_name: "Lin Chen",
      },
    });
    expect(response.statusCode).toBe(201);
    const [row] = await t.deps.database.db
      .select()
      .from(users)
      .where(eq(users.email, "signup-name@uni.example"));
    expect(row.name).toBe("Lin Chen");
  });
});
