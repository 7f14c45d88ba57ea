import type { z } from "zod";
import { clearCredentials, getToken } from "./session";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
    message?: string,
  ) {
    super(detail ?? message ?? `Request failed with status ${status}`);
  }
}

/** The server's `{detail}` (or `message`) of a failed call, else the fallback message. */
export function errorDetail(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return fallback;
}

const AUTH_PAGES = ["/login", "/signup"];

/** Any 401: credentials go and the user goes to /login, unless already on an auth page. */
function handleUnauthorized() {
  clearCredentials();
  if (!AUTH_PAGES.includes(window.location.pathname)) {
    window.location.assign("/login");
  }
}

export interface RequestOptions<S extends z.ZodType | undefined> {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | string[] | null | undefined>;
  schema?: S;
  signal?: AbortSignal;
  /** Skip the bearer header (public calls). */
  anonymous?: boolean;
  /** Do not redirect on 401 (e.g. the login call itself). */
  keep401?: boolean;
}

export function buildUrl(path: string, query?: RequestOptions<undefined>["query"]): string {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, item);
    else url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

interface Preloaded {
  token: string;
  at: number;
  response: Promise<Response>;
}
const preloaded = new Map<string, Preloaded>();
/** A preloaded answer older than this is dropped and asked for again. */
const PRELOAD_FRESH_MS = 10_000;

/**
 * Starts a signed-in GET before the page that needs it has loaded its code (a route loader
 * calls this on a first visit). The page's own api() call of the same URL then takes this
 * answer instead of asking again: once, in the same session, within a few seconds.
 */
export function preload(path: string, query?: RequestOptions<undefined>["query"]): void {
  const token = getToken();
  if (!token) return;
  const url = buildUrl(path, query);
  const response = fetch(url, { headers: { authorization: `Bearer ${token}` } });
  // Nobody may come for it (the page failed to load): that must not be an unhandled rejection.
  response.catch(() => undefined);
  preloaded.set(url, { token, at: Date.now(), response });
}

function takePreloaded(url: string, token: string | null): Promise<Response> | undefined {
  const entry = preloaded.get(url);
  if (!entry) return undefined;
  preloaded.delete(url);
  if (entry.token !== token || Date.now() - entry.at > PRELOAD_FRESH_MS) return undefined;
  return entry.response;
}

export async function api<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<S extends z.ZodType ? z.infer<S> : unknown> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token && !options.anonymous) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const url = buildUrl(path, options.query);
  const method = options.method ?? (body ? "POST" : "GET");
  const response = await ((method === "GET" && !options.anonymous && takePreloaded(url, token)) ||
    fetch(url, { method, headers, body, signal: options.signal }));
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    // Only the session the request was made with can be ended by its 401: a request still on its
    // way at a sign-out (or a sign-in as someone else) must not send the new page to /login or
    // clear the new credentials.
    if (response.status === 401 && !options.keep401 && getToken() === token) handleUnauthorized();
    const record = (data ?? {}) as { detail?: unknown; message?: unknown };
    const detail =
      typeof record.detail === "string"
        ? record.detail
        : typeof record.message === "string"
          ? record.message
          : undefined;
    throw new ApiError(response.status, detail);
  }
  return (options.schema ? options.schema.parse(data) : data) as never;
}
