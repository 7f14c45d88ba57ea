/**
 * Time to first words (issue 41): the email dialog's Personalize asks
 * `POST /api/emails/generate/stream` and shows the words as they arrive. With an LLM that answers
 * its first token in 300 ms and then writes 40 tokens a second (bench/src/fake-llm.ts), the
 * dialog must show its first words within 400 ms of the click, p95: the app may add under 100 ms.
 *
 * Requests go one at a time, as one student clicks: each is timed from the moment it is sent to
 * the first `delta` event (the subject's first words: the writer sends the subject so far as it
 * grows) and to the first body delta, then the reader stops reading (the rest of the email streams on unheard,
 * as when the dialog closes). The app's own part is what the LLM's timings do not explain: the
 * time before the LLM was asked, plus the time from the LLM writing a token to the browser
 * receiving the words it completed.
 */
import { performance } from "node:perf_hooks";
import type { FakeLlm, FakeLlmPace } from "./fake-llm";

export const FIRST_WORDS_TARGET_MS = 400;
export const FIRST_WORDS_APP_TARGET_MS = 100;
/** The writing budget allows 30 a minute per student: requests start at most this often. */
const REQUEST_SPACING_MS = 2100;

export interface FirstWordsReport {
  pace: FakeLlmPace;
  requests: number;
  /** Streams that ended without a body delta (an error event, or the offline writer). */
  failures: number;
  /** Request sent → first delta event (the subject's first words), ms. */
  firstWords: Percentiles;
  /** Request sent → first body delta, ms. */
  firstBodyWords: Percentiles;
  /** Request sent → the LLM asked, ms: the app's work before the model starts. */
  beforeLlm: Percentiles;
  /** LLM wrote the body's first token → the browser has it, ms. */
  llmToClient: Percentiles;
  /** beforeLlm + llmToClient per request: what the app adds to the first body words, ms. */
  appAdds: Percentiles;
  /**
   * The model's time from its first token to the body's first (the subject line's tokens at its
   * pace): what the first body words wait for beyond the first words.
   */
  subjectTokensMs: number | null;
}

export interface Percentiles {
  p50: number;
  p95: number;
  max: number;
}

const percentiles = (values: number[]): Percentiles => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length === 0
      ? 0
      : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return { p50: at(50), p95: at(95), max: sorted.at(-1) ?? 0 };
};

/** Reads SSE events until `stop` says enough; answers when each wanted event arrived. */
async function readUntilBody(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let firstDeltaAt: number | null = null;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { firstDeltaAt, firstBodyAt: null };
      const now = performance.now();
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf("\n\n");
        if (!event.startsWith("event: delta\n")) continue;
        firstDeltaAt ??= now;
        const data = JSON.parse(event.slice(event.indexOf("data: ") + 6)) as { field: string };
        if (data.field === "body") return { firstDeltaAt, firstBodyAt: now };
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

export async function measureFirstWords(options: {
  baseUrl: string;
  token: string;
  contactIds: string[];
  llm: FakeLlm;
  pace: FakeLlmPace;
  requests: number;
}): Promise<FirstWordsReport> {
  const { llm, pace } = options;
  const firstWords: number[] = [];
  const firstBody: number[] = [];
  const beforeLlm: number[] = [];
  const llmToClient: number[] = [];
  const appAdds: number[] = [];
  let failures = 0;
  // Two unmeasured requests first: the server's first writer call loads code and warms caches.
  const warmup = 2;
  for (let i = 0; i < options.requests + warmup; i++) {
    const began = performance.now();
    const streamsBefore = llm.streams.length;
    const response = await fetch(`${options.baseUrl}/api/emails/generate/stream`, {
      method: "POST",
      headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        contact_id: options.contactIds[i % options.contactIds.length],
        email_format: "original",
      }),
    });
    if (response.status !== 200) {
      throw new Error(`generate/stream answered ${response.status}: ${await response.text()}`);
    }
    const { firstDeltaAt, firstBodyAt } = await readUntilBody(response);
    const asked = llm.streams[streamsBefore];
    if (i >= warmup) {
      if (firstDeltaAt === null || firstBodyAt === null || !asked?.firstBodyTokenAt) {
        failures += 1;
      } else {
        firstWords.push(firstDeltaAt - began);
        firstBody.push(firstBodyAt - began);
        const before = asked.receivedAt - began;
        const after = firstBodyAt - asked.firstBodyTokenAt;
        beforeLlm.push(before);
        llmToClient.push(after);
        appAdds.push(before + after);
      }
    }
    const wait = REQUEST_SPACING_MS - (performance.now() - began);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const first = llm.streams.find((s) => s.firstTokenAt !== null && s.firstBodyTokenAt !== null);
  return {
    pace,
    requests: options.requests,
    failures,
    firstWords: percentiles(firstWords),
    firstBodyWords: percentiles(firstBody),
    beforeLlm: percentiles(beforeLlm),
    llmToClient: percentiles(llmToClient),
    appAdds: percentiles(appAdds),
    subjectTokensMs: first
      ? (first.firstBodyTokenAt as number) - (first.firstTokenAt as number)
      : null,
  };
}
