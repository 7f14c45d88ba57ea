import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser } from "../../../tests/factories";
import { buildBrokenDoc, buildDocx, buildExe, multipartBody } from "../../../tests/files";
import { useTestApp } from "../../../tests/helpers";
import { resumes } from "../../db/schema";
import { buildTextPdf } from "../../lib/text-pdf";
import { signResumeLink } from "./links";
import { findLatestResume } from "./service";

const t = useTestApp();

type User = Awaited<ReturnType<typeof createUser>>;
let sequence = 0;
const newUser = () => createUser(t, { email: `resume-${++sequence}@uni.example` });

const RESUME_LINES = [
  "Ada Lovelace",
  "B.A. Mathematics, Cornell University, 2026",
  "Experience: Summer Analyst, Babbage & Co. Built a difference-engine valuation model.",
  "Skills: Python, SQL, financial modeling",
];

function upload(user: User | null, filename: string, data: Buffer, field = "resume") {
  const body = multipartBody(field, filename, data);
  return t.app.inject({
    method: "POST",
    url: "/api/resumes/upload",
    payload: body.payload,
    headers: { ...body.headers, ...(user?.auth ?? {}) },
  });
}

async function resumeCount(userId: string) {
  const [row] = await t.deps.database.db
    .select({ n: count() })
    .from(resumes)
    .where(eq(resumes.userId, userId));
  return row.n;
}

describe("POST /api/resumes/upload", () => {
  it("stores a PDF with its text and answers a resume_url that downloads the same bytes", async () => {
    const user = await newUser();
    const pdf = buildTextPdf(RESUME_LINES);
    const response = await upload(user, "Ada Lovelace CV.pdf", pdf);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.resume_url).toMatch(/^\/api\/resumes\/[0-9a-f-]{36}\/file\?expires=\d+&sig=/);
    expect(body.filename).toBe("Ada Lovelace CV.pdf");

    const stored = await findLatestResume(t.deps.database.db, user.id);
    expect(stored?.mimeType).toBe("application/pdf");
    expect(stored?.text).toContain("Summer Analyst, Babbage & Co.");
    expect(stored?.text).toContain("Cornell University");
    expect(Buffer.compare(stored?.data ?? Buffer.alloc(0), pdf)).toBe(0);

    const file = await t.app.inject({ url: body.resume_url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toBe(
      `attachment; filename="Ada Lovelace CV.pdf"; filename*=UTF-8''Ada%20Lovelace%20CV.pdf`,
    );
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["cache-control"]).toBe("private, no-store");
  });

  it("extracts the text of a DOCX", async () => {
    const user = await newUser();
    const response = await upload(user, "resume.DOCX", buildDocx(RESUME_LINES));
    expect(response.statusCode).toBe(200);
    const stored = await findLatestResume(t.deps.database.db, user.id);
    expect(stored?.mimeType).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(stored?.text).toContain("Skills: Python, SQL, financial modeling");
    expect(stored?.text).toContain("Ada Lovelace");
  });

  it("keeps only the newest resume: the old link stops working", async () => {
    const user = await newUser();
    const first = (await upload(user, "old.pdf", buildTextPdf(["Old resume"]))).json();
    const second = (await upload(user, "new.docx", buildDocx(["New resume"]))).json();
    expect(await resumeCount(user.id)).toBe(1);
    expect((await t.app.inject({ url: first.resume_url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: second.resume_url })).statusCode).toBe(200);
    expect((await findLatestResume(t.deps.database.db, user.id))?.text).toBe("New resume");
  });

  it("refuses a renamed .exe with 415 and stores nothing", async () => {
    const user = await newUser();
    const response = await upload(user, "resume.pdf", buildExe());
    expect(response.statusCode).toBe(415);
    expect(response.json().detail).toContain("Please upload a PDF, DOC, or DOCX file.");
    expect(await resumeCount(user.id)).toBe(0);
  });

  it.each([
    ["resume.txt", buildTextPdf(["text"])],
    ["resume.exe", buildExe()],
    ["resume", buildTextPdf(["no extension"])],
    ["resume.docx", buildTextPdf(["a PDF named .docx"])],
    ["resume.doc", buildDocx(["a DOCX named .doc"])],
    ["resume.pdf", buildDocx(["a DOCX named .pdf"])],
  ])(
    "refuses %s whose extension or content is not an allowed match with 415",
    async (name, data) => {
      const user = await newUser();
      const response = await upload(user, name, data);
      expect(response.statusCode).toBe(415);
      expect(await resumeCount(user.id)).toBe(0);
    },
  );

  it("refuses a 6 MB file with 413", async () => {
    const user = await newUser();
    const big = Buffer.concat([buildTextPdf(["big"]), Buffer.alloc(6 * 1024 * 1024, 32)]);
    const response = await upload(user, "big.pdf", big);
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toMatch(/too large/i);
    expect(await resumeCount(user.id)).toBe(0);
  });

  it("answers 413 while a chunked upload is still streaming, past 5 MB", async () => {
    const user = await newUser();
    const body = multipartBody("resume", "big.pdf", Buffer.alloc(0));
    const boundary = body.headers["content-type"].split("boundary=")[1];
    const head = body.payload.subarray(0, body.payload.indexOf(`\r\n--${boundary}--`));
    const chunk = Buffer.alloc(256 * 1024, 32);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      async pull(controller) {
        // Stops feeding at 5.5 MB and never finishes: only an early answer can end the call.
        if (sent >= 5.5 * 1024 * 1024) return new Promise(() => {});
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${t.baseUrl}/api/resumes/upload`, {
      method: "POST",
      headers: { ...body.headers, ...user.auth },
      body: stream,
      duplex: "half",
      signal: AbortSignal.timeout(15_000),
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(6 * 1024 * 1024);
    expect(await resumeCount(user.id)).toBe(0);
  });

  it("refuses a 0-byte file with 400", async () => {
    const user = await newUser();
    const response = await upload(user, "empty.pdf", Buffer.alloc(0));
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe("The file is empty. Please choose your resume file.");
  });

  it.each([
    ["broken.pdf", Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage without xref")],
    ["broken.doc", buildBrokenDoc()],
    ["broken.docx", buildDocx(["x"]).subarray(0, 200)],
  ])("refuses the unreadable %s with 422 or 415 and stores nothing", async (name, data) => {
    const user = await newUser();
    const response = await upload(user, name, data);
    // A truncated DOCX no longer looks like one (415); a damaged PDF or DOC cannot be read (422).
    expect(response.statusCode).toBe(name.endsWith(".docx") ? 415 : 422);
    expect(response.json().detail).toBeTruthy();
    expect(await resumeCount(user.id)).toBe(0);
  });

  it("answers 400 for a request that is not multipart or has no resume field", async () => {
    const user = await newUser();
    const json = await t.app.inject({
      method: "POST",
      url: "/api/resumes/upload",
      headers: user.auth,
      payload: { resume: "not a file" },
    });
    expect(json.statusCode).toBe(400);
    const wrongField = await upload(user, "cv.pdf", buildTextPdf(["x"]), "file");
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().detail).toContain("resume");
    expect(await resumeCount(user.id)).toBe(0);
  });

  it("answers 401 without a token", async () => {
    const response = await upload(null, "cv.pdf", buildTextPdf(["x"]));
    expect(response.statusCode).toBe(401);
  });
});

describe("GET /api/resumes/latest and the resume link", () => {
  it("answers 404 when the user has no resume", async () => {
    const user = await newUser();
    const response = await t.app.inject({ url: "/api/resumes/latest", headers: user.auth });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe("No resume uploaded yet.");
  });

  it("gives the owner a fresh working link", async () => {
    const user = await newUser();
    await upload(user, "cv.pdf", buildTextPdf(["Latest"]));
    const response = await t.app.inject({ url: "/api/resumes/latest", headers: user.auth });
    expect(response.statusCode).toBe(200);
    const file = await t.app.inject({ url: response.json().resume_url });
    expect(file.statusCode).toBe(200);
  });

  it("answers 404 to another user for the owner's resume, with or without a signature", async () => {
    const owner = await newUser();
    const other = await newUser();
    const { resume_url } = (await upload(owner, "cv.pdf", buildTextPdf(["Mine"]))).json();
    const id = resume_url.split("/")[3];

    const withOthersToken = await t.app.inject({ url: resume_url, headers: other.auth });
    expect(withOthersToken.statusCode).toBe(404);
    const bare = await t.app.inject({ url: `/api/resumes/${id}/file`, headers: other.auth });
    expect(bare.statusCode).toBe(404);
    // A link the other user signs for themselves does not open someone else's file.
    const forgedForOther = signResumeLink(t.deps.config.jwtSecret, id, other.id);
    expect((await t.app.inject({ url: forgedForOther })).statusCode).toBe(404);
    // The owner's bearer token alone is enough.
    const ownerBare = await t.app.inject({ url: `/api/resumes/${id}/file`, headers: owner.auth });
    expect(ownerBare.statusCode).toBe(200);
  });

  it("answers 404 for a forged or missing signature and 403 for an expired link", async () => {
    const user = await newUser();
    const { resume_url } = (await upload(user, "cv.pdf", buildTextPdf(["Mine"]))).json();
    const id = resume_url.split("/")[3];
    const url = new URL(resume_url, "http://x");
    const sig = url.searchParams.get("sig") ?? "";
    const tampered = `${url.pathname}?expires=${Number(url.searchParams.get("expires")) + 3600}&sig=${sig}`;
    expect((await t.app.inject({ url: tampered })).statusCode).toBe(404);
    const badSig = `${url.pathname}?expires=${url.searchParams.get("expires")}&sig=${sig.slice(0, -2)}xx`;
    expect((await t.app.inject({ url: badSig })).statusCode).toBe(404);
    expect((await t.app.inject({ url: url.pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/resumes/not-a-uuid/file" })).statusCode).toBe(404);

    const expired = signResumeLink(t.deps.config.jwtSecret, id, user.id, Date.now() - 3600_000);
    const response = await t.app.inject({ url: expired });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/expired/);
  });
});
