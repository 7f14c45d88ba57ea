import { MESSAGES } from "@reachout/contract/messages";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { json } from "../../../test/fetch-stub";
import { resumeFileProblem, uploadResume } from "./upload-resume";

const OK = {
  resume_url: "/api/resumes/1/file?expires=1&sig=x",
  filename: "cv.pdf",
  uploaded_at: "",
};
const pdf = () => new File(["%PDF-1.4"], "cv.pdf", { type: "application/pdf" });

let fetchSpy: MockInstance<typeof fetch>;
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, "fetch");
});
afterEach(() => {
  fetchSpy.mockRestore();
  vi.useRealTimers();
});

describe("resumeFileProblem", () => {
  it.each([
    ["resume.pdf", 1000, null],
    ["Resume.DOCX", 1000, null],
    ["old.doc", 1000, null],
    ["resume.txt", 1000, MESSAGES.resume.invalidType],
    ["resume.pdf.exe", 1000, MESSAGES.resume.invalidType],
    ["resume.pdf", 5_242_879, null],
    ["resume.pdf", 5_242_880, MESSAGES.resume.tooLargeClient],
  ])("%s of %i bytes → %s", (name, size, expected) => {
    expect(resumeFileProblem({ name, size })).toBe(expected);
  });
});

/** Runs an upload under fake timers, letting the 1 s and 2 s waits pass. */
async function run(upload: Promise<unknown>) {
  const settled = upload.then(
    (value) => ({ value }),
    (error: Error) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return settled;
}

describe("uploadResume", () => {
  it.each([422, 415, 400])(
    "shows the server's reason for a refused file (%i), without retrying",
    async (status) => {
      const detail =
        "We could not read this file. It may be damaged or password-protected. Please upload another copy.";
      fetchSpy.mockResolvedValueOnce(json(status, { detail }));
      await expect(uploadResume(pdf())).rejects.toThrow(detail);
      expect(fetchSpy).toHaveBeenCalledTimes(1);
    },
  );

  it("sends the file in the multipart field resume and answers the resume_url", async () => {
    fetchSpy.mockResolvedValueOnce(json(200, OK));
    const result = await uploadResume(pdf());
    expect(result.resume_url).toBe(OK.resume_url);
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/resumes/upload");
    expect((init.body as FormData).get("resume")).toBeInstanceOf(File);
  });

  it("retries a server error twice, waiting 1 s then 2 s, and tells the user each time", async () => {
    vi.useFakeTimers();
    fetchSpy
      .mockResolvedValueOnce(json(503, { detail: "busy" }))
      .mockResolvedValueOnce(json(500, { detail: "oops" }))
      .mockResolvedValueOnce(json(200, OK));
    const retries: Array<[number, string, number]> = [];
    const started = Date.now();
    const outcome = await run(
      uploadResume(pdf(), {
        onRetry: (attempt, message) => retries.push([attempt, message, Date.now() - started]),
      }),
    );
    expect(outcome).toEqual({ value: OK });
    expect(retries.map(([n, message]) => [n, message])).toEqual([
      [1, "Upload attempt 1 failed. Retrying... (1/3)"],
      [2, "Upload attempt 2 failed. Retrying... (2/3)"],
    ]);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
  });

  it.each([
    [500, { detail: "x" }, MESSAGES.resume.server],
    [503, {}, MESSAGES.resume.server],
  ])("gives up after 3 attempts of %i with the server message", async (status, body, message) => {
    vi.useFakeTimers();
    fetchSpy.mockImplementation(async () => json(status, body));
    const outcome = await run(uploadResume(pdf()));
    expect(outcome).toEqual({ error: new Error(message) });
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });

  it.each([
    [
      400,
      { detail: "The file is empty. Please choose your resume file." },
      "The file is empty. Please choose your resume file.",
    ],
    [400, {}, MESSAGES.resume.invalid],
    [401, { detail: "expired" }, MESSAGES.resume.auth],
    [413, { detail: "big" }, MESSAGES.resume.tooLarge],
    [415, { detail: "This file is not a real PDF." }, "This file is not a real PDF."],
    [422, {}, MESSAGES.resume.invalid],
    [409, { detail: "conflict" }, MESSAGES.resume.failed],
  ])("fails at once on %i with the spec's message (§8)", async (status, body, message) => {
    fetchSpy.mockResolvedValue(json(status, body));
    await expect(uploadResume(pdf())).rejects.toThrow(message);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it("treats an answer without resume_url as a failure", async () => {
    fetchSpy.mockResolvedValue(json(200, { ok: true }));
    await expect(uploadResume(pdf())).rejects.toThrow(MESSAGES.resume.failed);
  });

  it("reports a network error after 3 attempts", async () => {
    vi.useFakeTimers();
    fetchSpy.mockRejectedValue(new TypeError("Failed to fetch"));
    const outcome = await run(uploadResume(pdf()));
    expect(outcome).toEqual({ error: new Error(MESSAGES.resume.network) });
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });

  it("aborts an attempt after 30 s and reports the time-out", async () => {
    vi.useFakeTimers();
    fetchSpy.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          (init as RequestInit).signal?.addEventListener("abort", () =>
            reject(new DOMException("aborted", "AbortError")),
          );
        }),
    );
    const started = Date.now();
    const outcome = await run(uploadResume(pdf()));
    expect(outcome).toEqual({ error: new Error(MESSAGES.resume.timeout) });
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    expect(Date.now() - started).toBe(3 * 30_000 + 1000 + 2000);
  });
});
