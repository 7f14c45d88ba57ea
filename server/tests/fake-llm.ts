import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for an OpenAI-compatible LLM (and, in one test, Apollo beside it): it reads
 * each request's JSON body and hands it to the test's `handle`, which answers.
 */
export interface FakeLlm {
  /** `http://127.0.0.1:<port>`: the server's root. */
  url: string;
  /** `${url}/v1`: what `LLM_BASE_URL` (or the writer's `llm.baseUrl`) is set to. */
  baseUrl: string;
  /** The settings that point the app's LLM at this stand-in (key "llm-test-key", model "fake"). */
  env: { LLM_BASE_URL: string; LLM_API_KEY: string; LLM_MODEL: string };
  close(): Promise<void>;
}

export type FakeLlmHandler = (
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the request body it expects
  body: any,
  request: IncomingMessage,
  response: ServerResponse,
) => void;

export async function startFakeLlm(handle: FakeLlmHandler): Promise<FakeLlm> {
  const server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => {
      raw += chunk;
    });
    request.on("end", () => handle(raw ? JSON.parse(raw) : {}, request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    baseUrl: `${url}/v1`,
    env: { LLM_BASE_URL: `${url}/v1`, LLM_API_KEY: "llm-test-key", LLM_MODEL: "fake" },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A chat completion whose one choice is `content`, as the OpenAI API answers it. */
export function chatCompletion(content: string, model = "fake") {
  return {
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 1,
    model,
    choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
  };
}

/** Answers `body` as JSON with `status`. */
export function sendJson(response: ServerResponse, body: unknown, status = 200): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

/** The error body the OpenAI API answers a failed request with (the model is overloaded). */
export const OVERLOADED = { error: { message: "overloaded", type: "server_error" } };

/** One `chat.completion.chunk` event as providers stream it. */
function chunkEvent(choices: unknown[], extra: Record<string, unknown> = {}): string {
  const chunk = {
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1,
    model: "fake",
    system_fingerprint: "fp_fake",
    choices,
    ...extra,
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

/** The head of a stream as OpenAI sends it: the event-stream header and the role chunk. */
function startStream(response: ServerResponse): void {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  response.write(
    chunkEvent([
      { index: 0, delta: { role: "assistant", content: "", refusal: null }, finish_reason: null },
    ]),
  );
}

function writePieces(response: ServerResponse, pieces: string[]): void {
  for (const piece of pieces) {
    response.write(chunkEvent([{ index: 0, delta: { content: piece }, finish_reason: null }]));
  }
}

/**
 * Streams `pieces` as OpenAI's chat completions do: a role chunk first, the content, a chunk with
 * an empty delta and the finish reason last, then, when the request asked for it
 * (`stream_options.include_usage`), a chunk of usage with no choices, then `[DONE]`.
 */
export function streamChat(
  // biome-ignore lint/suspicious/noExplicitAny: the request body the test received
  body: any,
  response: ServerResponse,
  pieces: string[],
  finishReason: "stop" | "length" | "content_filter" = "stop",
): void {
  startStream(response);
  writePieces(response, pieces);
  response.write(chunkEvent([{ index: 0, delta: {}, finish_reason: finishReason }]));
  if (body?.stream_options?.include_usage) {
    const completion = Math.ceil(pieces.join("").length / 4);
    response.write(
      chunkEvent([], {
        usage: {
          prompt_tokens: 100,
          completion_tokens: completion,
          total_tokens: 100 + completion,
        },
      }),
    );
  }
  response.end("data: [DONE]\n\n");
}

/** A model that stalls: the role chunk and `pieces`, then nothing, the connection held open. */
export function stallChat(response: ServerResponse, pieces: string[]): void {
  startStream(response);
  writePieces(response, pieces);
}

/** A connection cut mid-answer: the role chunk and `pieces`, then the socket is destroyed. */
export function cutChat(response: ServerResponse, pieces: string[]): void {
  startStream(response);
  writePieces(response, pieces);
  // The next turn of the event loop, once the pieces have left: as when a proxy drops the line.
  setImmediate(() => response.socket?.destroy());
}
