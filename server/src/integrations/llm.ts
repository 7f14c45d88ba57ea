import type { WriterFallbackReason } from "@reachout/contract";
import OpenAI from "openai";
import type { Config } from "../config";
import { llmCalls, llmDuration, llmFallbacks } from "../lib/metrics";

/**
 * The one client of the configured OpenAI-compatible LLM (OpenAI, Ollama, vLLM, llama.cpp
 * server): plain and JSON-schema completions and streamed text. Every failure becomes an
 * LlmError with a reason a user may read; the process counts calls and failures for
 * /api/health (never the key, the prompt or the answer).
 */
export type LlmSettings = NonNullable<Config["llm"]>;

/**
 * Why a call failed: the reasons the writer names (its notice per reason) when its own email
 * replaces the LLM's, so the list has one home in the contract.
 */
export type LlmFailureReason = WriterFallbackReason;

export class LlmError extends Error {
  constructor(
    readonly reason: LlmFailureReason,
    message: string,
  ) {
    super(message);
    this.name = "LlmError";
  }
}

export interface LlmRequest {
  system: string;
  user: string;
  temperature?: number;
  /** At most this long (the configured timeout when shorter). */
  maxWaitMs?: number;
  /** Asks for structured output: a JSON object of these string fields. */
  jsonFields?: string[];
}

export interface LlmClient {
  readonly model: string;
  /** The model's whole answer (JSON text when jsonFields was given). */
  complete(request: LlmRequest): Promise<string>;
  /** Streams the answer: onDelta gets each piece as it arrives; resolves to the whole text. */
  stream(request: LlmRequest, onDelta: (text: string) => void): Promise<string>;
}

export interface LlmStats {
  calls: number;
  failures: number;
  fallbacks: number;
  lastFailure: { reason: LlmFailureReason; at: string } | null;
}

const stats: LlmStats = { calls: 0, failures: 0, fallbacks: 0, lastFailure: null };

/** This process's LLM counters (what /api/health shows). */
export function llmStats(): LlmStats {
  return { ...stats, lastFailure: stats.lastFailure ? { ...stats.lastFailure } : null };
}

/** A caller answered with its offline path because the LLM failed. */
export function countLlmFallback(reason: LlmFailureReason): void {
  stats.fallbacks += 1;
  llmFallbacks.inc({ reason });
}

/** Resets the counters (tests). */
export function resetLlmStats(): void {
  Object.assign(stats, { calls: 0, failures: 0, fallbacks: 0, lastFailure: null });
}

/** What went wrong, as a reason: status codes and aborts map to the reasons users see. */
export function llmFailureOf(error: unknown): LlmError {
  if (error instanceof LlmError) return error;
  // Our own AbortSignal.timeout is the only abort: a user abort is a timeout here.
  if (
    error instanceof OpenAI.APIConnectionTimeoutError ||
    error instanceof OpenAI.APIUserAbortError
  ) {
    return new LlmError("timeout", "The AI writer did not answer in time");
  }
  if (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError")) {
    return new LlmError("timeout", "The AI writer did not answer in time");
  }
  if (error instanceof OpenAI.APIError && typeof error.status === "number") {
    if (error.status === 401 || error.status === 403) {
      return new LlmError("rejected", "The AI writer rejected the configured key");
    }
    if (error.status === 429) return new LlmError("rate_limited", "The AI writer is rate limited");
    if (error.status >= 400 && error.status < 500) {
      return new LlmError("invalid_answer", `The AI writer refused the request (${error.status})`);
    }
    return new LlmError("unavailable", `The AI writer is unavailable (${error.status})`);
  }
  if (error instanceof SyntaxError) {
    return new LlmError("invalid_answer", "The AI writer's answer was not the JSON asked for");
  }
  return new LlmError("unavailable", "The AI writer could not be reached");
}

function failed(error: unknown, started: number): never {
  const failure = llmFailureOf(error);
  llmCalls.inc({ outcome: failure.reason });
  llmDuration.observe((performance.now() - started) / 1000);
  stats.failures += 1;
  stats.lastFailure = { reason: failure.reason, at: new Date().toISOString() };
  throw failure;
}

function succeeded(started: number): void {
  llmCalls.inc({ outcome: "ok" });
  llmDuration.observe((performance.now() - started) / 1000);
}

function bodyOf(settings: LlmSettings, request: LlmRequest) {
  return {
    model: settings.model,
    temperature: request.temperature ?? 0.7,
    messages: [
      { role: "system" as const, content: request.system },
      { role: "user" as const, content: request.user },
    ],
    ...(request.jsonFields
      ? {
          response_format: {
            type: "json_schema" as const,
            json_schema: {
              name: "answer",
              strict: true,
              schema: {
                type: "object",
                properties: Object.fromEntries(
                  request.jsonFields.map((field) => [field, { type: "string" }]),
                ),
                required: request.jsonFields,
                additionalProperties: false,
              },
            },
          },
        }
      : {}),
  };
}

/**
 * A streamed answer is whole only when the model said so: a finish_reason of "stop". When our
 * timeout aborts a stalled stream, openai-node ends the iterator without an error, and what came
 * so far (a greeting, half a sentence) would otherwise pass for the answer.
 */
function finishedText(text: string, finish: string | null, signal: AbortSignal): string {
  if (signal.aborted) throw new LlmError("timeout", "The AI writer did not answer in time");
  if (finish === "length") {
    throw new LlmError("invalid_answer", "The AI writer's answer was cut at its length limit");
  }
  if (finish === null) {
    throw new LlmError("unavailable", "The AI writer's answer stopped before its end");
  }
  if (finish !== "stop") {
    throw new LlmError("invalid_answer", `The AI writer's answer ended with "${finish}"`);
  }
  if (!text) throw new LlmError("invalid_answer", "The AI writer answered nothing");
  return text;
}

export function createLlmClient(settings: LlmSettings): LlmClient {
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey,
    timeout: settings.timeoutMs,
    maxRetries: 0,
  });
  const waitOf = (request: LlmRequest) =>
    Math.min(settings.timeoutMs, request.maxWaitMs ?? settings.timeoutMs);
  return {
    model: settings.model,
    async complete(request) {
      stats.calls += 1;
      const started = performance.now();
      try {
        const wait = waitOf(request);
        const completion = await client.chat.completions.create(bodyOf(settings, request), {
          timeout: wait,
          signal: AbortSignal.timeout(wait),
        });
        const content = completion.choices[0]?.message?.content;
        if (!content) throw new LlmError("invalid_answer", "The AI writer answered nothing");
        succeeded(started);
        return content;
      } catch (error) {
        return failed(error, started);
      }
    },
    async stream(request, onDelta) {
      stats.calls += 1;
      const started = performance.now();
      try {
        const wait = waitOf(request);
        const signal = AbortSignal.timeout(wait);
        const stream = await client.chat.completions.create(
          { ...bodyOf(settings, request), stream: true },
          { timeout: wait, signal },
        );
        let text = "";
        let finish: string | null = null;
        for await (const chunk of stream) {
          const choice = chunk.choices[0];
          finish = choice?.finish_reason ?? finish;
          const piece = choice?.delta?.content ?? "";
          if (!piece) continue;
          text += piece;
          onDelta(piece);
        }
        const whole = finishedText(text, finish, signal);
        succeeded(started);
        return whole;
      } catch (error) {
        return failed(error, started);
      }
    },
  };
}

const clients = new WeakMap<LlmSettings, LlmClient>();

/** The process's client for these settings (one per configuration), or null without an LLM. */
export function llmFor(config: Pick<Config, "llm">): LlmClient | null {
  if (!config.llm) return null;
  let client = clients.get(config.llm);
  if (!client) {
    client = createLlmClient(config.llm);
    clients.set(config.llm, client);
  }
  return client;
}
