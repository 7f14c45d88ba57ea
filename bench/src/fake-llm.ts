/**
 * A stand-in for an OpenAI-compatible LLM that answers at a fixed pace (issue 41's time to first
 * words): the first token `firstTokenMs` after the request, then `tokensPerSecond`. It speaks the
 * Chat Completions API as server/src/integrations/llm.ts calls it (openai-node, `POST
 * /v1/chat/completions`): with `stream: true`, Server-Sent Events of `chat.completion.chunk`
 * objects ending with a `finish_reason: "stop"` chunk and `data: [DONE]`; without, one
 * `chat.completion`. The email it writes keeps the writer's rules (a subject line, the
 * recipient greeted by first name, 80 characters or more, no placeholder), so the app streams
 * it rather than falling back to its offline writer.
 *
 * It records when each request arrived and when its first token and its first body token were
 * written, so the bench can tell the LLM's own time from the app's.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { givenNameOf } from "@reachout/contract";

export interface FakeLlmPace {
  firstTokenMs: number;
  tokensPerSecond: number;
}

/** One streamed answer's times, in ms on the bench process's clock (performance.now()). */
export interface FakeLlmTimings {
  receivedAt: number;
  firstTokenAt: number | null;
  /** The first token after the subject line's blank line: the body's first word. */
  firstBodyTokenAt: number | null;
}

export interface FakeLlm {
  /** What LLM_BASE_URL is set to (`…/v1`). */
  baseUrl: string;
  env: { LLM_BASE_URL: string; LLM_API_KEY: string; LLM_MODEL: string };
  /** The streamed requests so far, in the order they arrived. */
  streams: FakeLlmTimings[];
  close(): Promise<void>;
}

interface Facts {
  sender?: { name?: string | null; university?: string | null };
  recipient?: { firstName?: string | null; fullName?: string | null; company?: string | null };
}

/** The prompt's facts (promptOf in server/src/modules/emails/writer/llm.ts ends with them). */
function factsOf(body: { messages?: Array<{ content?: unknown }> }): Facts {
  const prompt = String(body.messages?.at(-1)?.content ?? "");
  const at = prompt.indexOf("Facts (JSON):\n");
  if (at < 0) return {};
  try {
    return JSON.parse(prompt.slice(at + "Facts (JSON):\n".length)) as Facts;
  } catch {
    return {};
  }
}

/** An outreach email of about 130 words, in the writer's plain-text shape. */
function emailFor(facts: Facts): { subject: string; body: string } {
  const first =
    givenNameOf({
      firstName: facts.recipient?.firstName,
      fullName: facts.recipient?.fullName ?? "",
    }) || "there";
  const company = facts.recipient?.company ?? "your company";
  const school = facts.sender?.university ?? "my university";
  const name = facts.sender?.name ?? "";
  const body = [
    `Hi ${first},`,
    "",
    `I am a student at ${school} and I have been following the work your team does at ${company}. ` +
      "Last summer I cut the p95 latency of a billing API from 180 ms to 40 ms, and I would love " +
      "to hear how your team thinks about performance and reliability as it grows. I am looking " +
      "for an internship where I can keep doing that kind of work, and your path there is one I " +
      "would like to learn from.",
    "",
    "Would you have 15 minutes for a call in the next two weeks? I would be glad to work around " +
      "your schedule. My resume is attached in case it is useful.",
    "",
    "Thank you for your time,",
    name,
  ].join("\n");
  return { subject: `A question about your work at ${company}`.slice(0, 69), body: body.trim() };
}

/** Words with the space before them, as a tokenizer splits English roughly. */
const tokensOf = (text: string) => text.match(/\s*\S+|\s+$/g) ?? [];

const chunk = (content: string | null, finish: "stop" | null) =>
  `data: ${JSON.stringify({
    id: "chatcmpl-bench",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: "bench-fake",
    choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
  })}\n\n`;

export async function startFakeLlm(pace: FakeLlmPace): Promise<FakeLlm> {
  const streams: FakeLlmTimings[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  const answer = (body: Record<string, unknown>, response: ServerResponse) => {
    const receivedAt = performance.now();
    const email = emailFor(factsOf(body as never));
    const text = `Subject: ${email.subject}\n\n${email.body}`;
    if (!body.stream) {
      const tokens = tokensOf(text).length;
      later(pace.firstTokenMs + (tokens * 1000) / pace.tokensPerSecond, () => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(
          JSON.stringify({
            id: "chatcmpl-bench",
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model: "bench-fake",
            choices: [
              {
                index: 0,
                finish_reason: "stop",
                message: {
                  role: "assistant",
                  content: body.response_format ? JSON.stringify(email) : text,
                },
              },
            ],
          }),
        );
      });
      return;
    }
    const timings: FakeLlmTimings = { receivedAt, firstTokenAt: null, firstBodyTokenAt: null };
    streams.push(timings);
    const tokens = tokensOf(text);
    // The subject's words, then "\n\nHi": the body's first word comes with the blank line.
    const bodyStarts = tokensOf(`Subject: ${email.subject}`).length;
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    let next = 0;
    const write = () => {
      if (response.destroyed || response.writableEnded) return;
      if (next === tokens.length) {
        response.write(chunk(null, "stop"));
        response.end("data: [DONE]\n\n");
        return;
      }
      response.write(chunk(tokens[next], null));
      const now = performance.now();
      if (next === 0) timings.firstTokenAt = now;
      if (next === bodyStarts) timings.firstBodyTokenAt = now;
      next += 1;
      later(1000 / pace.tokensPerSecond, write);
    };
    later(pace.firstTokenMs, write);
  };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let raw = "";
    request.on("data", (data) => {
      raw += data;
    });
    request.on("end", () => {
      if (request.method !== "POST" || !request.url?.endsWith("/chat/completions")) {
        response.writeHead(404).end();
        return;
      }
      try {
        answer(JSON.parse(raw || "{}"), response);
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    baseUrl,
    env: { LLM_BASE_URL: baseUrl, LLM_API_KEY: "bench-fake-key", LLM_MODEL: "bench-fake" },
    streams,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
