import { deflateSync } from "node:zlib";
import { count, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resumes } from "../../src/db/schema";
import { buildTextPdf, writePdf } from "../../src/lib/text-pdf";
import {
  PDF_HAS_SCRIPTS,
  PDF_INCOMPLETE,
  PDF_TOO_LARGE,
} from "../../src/modules/resumes/pdf-guard";
import { ZIP_TOO_LARGE } from "../../src/modules/resumes/zip-guard";
import { createUser } from "../factories";
import { buildBrokenDoc, buildDocx, buildExe, buildZipArchive, multipartBody } from "../files";
import { createTestApp, type TestApp } from "../helpers";
import { buildDocxBomb, buildPdfBomb } from "./bombs";

/**
 * Hostile uploads are refused with a 4xx {detail}, store nothing and cost bounded memory and
 * time: lying names and content types, archives and PDFs that unpack to gigabytes ("bombs"),
 * empty and truncated files.
 */
let t: TestApp;
/** Every uploader of this file: uploads are limited to 20 a minute per person. */
const uploaders: string[] = [];
const figures = { uploads: 0, refused: 0, bombBytes: 0, worstMs: 0, worstRssMb: 0 };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  console.info(
    `uploads: ${figures.uploads} upload requests (3 of them legitimate controls), ${figures.refused} hostile ones refused with 4xx, none stored; bombs of ${Math.round(figures.bombBytes / 1e9)} GB expanded refused in at most ${figures.worstMs} ms with at most ${figures.worstRssMb} MB more memory`,
  );
  await t?.close();
});

/** Uploads are limited to 20 a minute per person: each one here is a fresh person's. */
async function freshAuth() {
  const uploader = await createUser(t, { email: `uploader-${uploaders.length}@uni.example` });
  uploaders.push(uploader.id);
  return uploader.auth;
}

const byUploaders = () => inArray(resumes.userId, uploaders);

async function upload(filename: string, data: Buffer, contentType = "application/octet-stream") {
  const body = multipartBody("resume", filename, data, contentType);
  figures.uploads++;
  return t.app.inject({
    method: "POST",
    url: "/api/resumes/upload",
    payload: body.payload,
    headers: { ...body.headers, ...(await freshAuth()) },
  });
}

async function storedCount() {
  const [row] = await t.deps.database.db.select({ n: count() }).from(resumes).where(byUploaders());
  return row.n;
}

async function expectRefused(
  response: Awaited<ReturnType<typeof upload>>,
  statuses: number[],
  detail?: string,
) {
  expect(statuses, response.body).toContain(response.statusCode);
  expect(typeof response.json().detail).toBe("string");
  if (detail) expect(response.json().detail).toBe(detail);
  expect(await storedCount()).toBe(0);
  figures.refused++;
}

const PDF = buildTextPdf(["Ada Lovelace", "Analyst at Babbage & Co."]);
const PNG = Buffer.concat([
  Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"),
  Buffer.alloc(64, 1),
]);

describe("files that lie about what they are", () => {
  it.each([
    [
      "an executable named .pdf and sent as application/pdf",
      "resume.pdf",
      buildExe(),
      "application/pdf",
    ],
    [
      "a PNG named .docx",
      "resume.docx",
      PNG,
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ],
    [
      "HTML with a script named .pdf",
      "resume.pdf",
      Buffer.from("<html><script>alert(1)</script></html>"),
      "application/pdf",
    ],
    ["a real PDF named .docx", "resume.docx", PDF, "application/pdf"],
    ["a real PDF named .exe", "resume.exe", PDF, "application/pdf"],
    ["a double extension", "resume.pdf.exe", PDF, "application/pdf"],
    [
      "a ZIP that is not a Word document named .doc",
      "resume.doc",
      buildZipArchive([]),
      "application/msword",
    ],
  ])("refuses %s with 415", async (_what, filename, data, type) => {
    await expectRefused(await upload(filename, data, type), [415]);
  });

  it("takes the type from the bytes, not the Content-Type the client claims", async () => {
    const response = await upload("resume.pdf", PDF, "image/png");
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.deps.database.db
      .select({ mimeType: resumes.mimeType, filename: resumes.filename })
      .from(resumes)
      .where(byUploaders());
    expect(row.mimeType).toBe("application/pdf");
    await t.deps.database.db.delete(resumes).where(byUploaders());
  });

  it("keeps a hostile file name to a plain name: no folders, control characters or quotes", async () => {
    const response = await upload("../../etc/pass\u0007wd\u0000.pdf", PDF, "application/pdf");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().filename).toBe("passwd.pdf");
    const file = await t.app.inject({ url: response.json().resume_url });
    expect(file.statusCode).toBe(200);
    expect(String(file.headers["content-disposition"])).toBe(
      `attachment; filename="passwd.pdf"; filename*=UTF-8''passwd.pdf`,
    );
    await t.deps.database.db.delete(resumes).where(byUploaders());
  });
});

describe("files that unpack to gigabytes", () => {
  it.each([
    [
      "a .docx whose document unpacks to 5 GB",
      "bomb.docx",
      () => buildDocxBomb(300),
      ZIP_TOO_LARGE,
    ],
    ["a PDF whose page unpacks to 5 GB", "bomb.pdf", () => buildPdfBomb(300), PDF_TOO_LARGE],
  ])("refuses %s with 422, quickly and in little memory", async (_what, name, build, detail) => {
    const bomb = build();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    figures.bombBytes += 300 * 16 * 1024 * 1024;
    const rssBefore = process.memoryUsage().rss;
    const started = Date.now();
    const response = await upload(name, bomb);
    const elapsed = Date.now() - started;
    const grownMb = Math.round((process.memoryUsage().rss - rssBefore) / 1048576);
    figures.worstMs = Math.max(figures.worstMs, elapsed);
    figures.worstRssMb = Math.max(figures.worstRssMb, grownMb);
    await expectRefused(response, [422], detail);
    expect(elapsed).toBeLessThan(10_000);
    expect(grownMb).toBeLessThan(400);
  });

  it("still accepts an ordinary compressed .docx", async () => {
    const response = await upload("resume.docx", buildDocx(["Ada Lovelace", "Analyst"]));
    expect(response.statusCode, response.body).toBe(200);
    await t.deps.database.db.delete(resumes).where(byUploaders());
  });
});

describe("empty, truncated and broken files", () => {
  it("refuses a 0-byte file with 400", async () => {
    await expectRefused(await upload("resume.pdf", Buffer.alloc(0), "application/pdf"), [400]);
  });

  it.each([0.05, 0.25, 0.5, 0.75, 0.95])(
    "refuses a PDF cut at %s of its length with 4xx",
    async (share) => {
      const cut = PDF.subarray(0, Math.floor(PDF.length * share));
      await expectRefused(await upload("resume.pdf", cut, "application/pdf"), [415, 422]);
    },
  );

  it("explains a PDF that lost its end with 422", async () => {
    const cut = PDF.subarray(0, PDF.lastIndexOf("%%EOF"));
    await expectRefused(await upload("resume.pdf", cut, "application/pdf"), [422], PDF_INCOMPLETE);
  });

  it("refuses a .docx cut in half and a corrupt .doc with 4xx", async () => {
    const docx = buildDocx(["Ada Lovelace"]);
    await expectRefused(await upload("resume.docx", docx.subarray(0, docx.length / 2)), [415, 422]);
    await expectRefused(await upload("resume.doc", buildBrokenDoc()), [422]);
  });

  it("refuses a body that is not multipart, or multipart without a file, with 400", async () => {
    figures.uploads += 2;
    const json = await t.app.inject({
      method: "POST",
      url: "/api/resumes/upload",
      headers: await freshAuth(),
      payload: { resume: PDF.toString("base64") },
    });
    await expectRefused(json, [400]);
    const noFile = multipartBody("other", "resume.pdf", PDF);
    const wrongField = await t.app.inject({
      method: "POST",
      url: "/api/resumes/upload",
      headers: { ...noFile.headers, ...(await freshAuth()) },
      payload: noFile.payload,
    });
    await expectRefused(wrongField, [400]);
  });
});

describe("PDFs carrying JavaScript", () => {
  const content = "BT /F1 11 Tf 56 760 Td (Ada Lovelace, HTML/CSS/JavaScript) Tj ET";
  const pdfWith = (catalog: string, page = "", extra: string[] = []) =>
    writePdf([
      `<< /Type /Catalog /Pages 2 0 R ${catalog} >>`,
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> ${page} >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
      ...extra,
    ]);
  const script = "<< /S /JavaScript /JS (app.alert\\(document.cookie\\)) >>";
  const deflated = deflateSync(Buffer.from(`<< /Type /Annot /Subtype /Link /A ${script} >>`));

  it.each([
    ["an open action", pdfWith(`/OpenAction ${script}`)],
    ["an open action with an escaped name", pdfWith("/OpenAction << /S /J#61vaScript /JS (x) >>")],
    [
      "a named document script",
      pdfWith("/Names << /JavaScript 6 0 R >>", "", [`<< /Names [(x) 7 0 R] >>`, script]),
    ],
    [
      "a link that runs a script",
      pdfWith("", "/Annots [6 0 R]", [
        `<< /Type /Annot /Subtype /Link /Rect [0 0 99 99] /A ${script} >>`,
      ]),
    ],
    ["a page-open script", pdfWith("", `/AA << /O ${script} >>`)],
    ["a Launch action", pdfWith("/OpenAction << /S /Launch /F (calc.exe) >>")],
    [
      "a script inside a compressed stream",
      pdfWith("", "", [
        `<< /Length ${deflated.length} /Filter /FlateDecode >>\nstream\n${deflated.toString("latin1")}\nendstream`,
      ]),
    ],
  ])("refuses %s with 422 and says why", async (_what, pdf) => {
    await expectRefused(await upload("resume.pdf", pdf, "application/pdf"), [422], PDF_HAS_SCRIPTS);
  });

  it("accepts a resume whose text names JavaScript as a skill", async () => {
    const response = await upload("resume.pdf", pdfWith(""), "application/pdf");
    expect(response.statusCode, response.body).toBe(200);
    await t.deps.database.db.delete(resumes).where(byUploaders());
  });
});
