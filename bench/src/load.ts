/**
 * One load run: autocannon with N connections for a fixed time after a warm-up, every response
 * timed here (autocannon's own histogram has no p95), so the percentiles are exact.
 */
import autocannon from "autocannon";
import { processCpuMs } from "./cpu";

export interface LoadRequest {
  method?: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  connections: number;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** Answers other than 2xx (a 304 counts as success). */
  failures: number;
  statuses: Record<string, number>;
  bytesPerResponse: number;
  /** Requests sent, answered or not (those in flight at the end are worked off after it). */
  sent: number;
  /**
   * CPU time (user + system) of the server's process per request sent, from the start of the
   * measured run until the server settled after it; null when no process was named or /proc
   * is not there (and absent from runs saved before it was measured).
   */
  cpuMsPerRequest?: number | null;
}

export interface LoadSettings {
  connections: number;
  duration: number;
  warmup: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

function run(
  baseUrl: string,
  next: () => LoadRequest,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let bytes = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections,
        duration: seconds,
        timeout: 30,
        requests: [
          {
            setupRequest: (request) => {
              const wanted = next();
              return {
                ...request,
                method: wanted.method ?? "GET",
                path: wanted.path,
                headers: {
                  // What every browser sends; a server may answer compressed.
                  "accept-encoding": "gzip, deflate, br",
                  ...(wanted.body ? { "content-type": "application/json" } : {}),
                  ...wanted.headers,
                },
                body: wanted.body,
              };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        const failures = Object.entries(statuses)
          .filter(([status]) => !/^2|^304$/.test(status))
          .reduce((sum, [, count]) => sum + count, 0);
        resolve({
          connections,
          requests: latencies.length,
          perSecond: result.duration > 0 ? latencies.length / result.duration : 0,
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
          max: latencies.at(-1) ?? 0,
          errors: result.errors,
          failures,
          statuses,
          bytesPerResponse: latencies.length ? bytes / latencies.length : 0,
          sent: result.requests.sent,
        });
      },
    );
    instance.on("response", (_client, statusCode, responseBytes, responseTime) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      bytes += responseBytes;
    });
  });
}

/**
 * Waits until the server answers a cheap request quickly again: requests a finished run left
 * in flight (autocannon stops waiting, the server still works them off) must not slow the next.
 */
export async function settle(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quick = 0;
  while (Date.now() < deadline && quick < 3) {
    const began = performance.now();
    await fetch(url).catch(() => undefined);
    quick = performance.now() - began < 20 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Warm-up (discarded), then the measured run, each started on a settled server. With `cpuPid`
 * (the server's process), the CPU that process spent on the measured run, requests left in
 * flight included (it is read once the server has settled again), divided by the requests sent.
 */
export async function measureLoad(
  baseUrl: string,
  next: () => LoadRequest,
  settings: LoadSettings & { settleUrl: string; cpuPid?: number },
): Promise<LoadResult> {
  await settle(settings.settleUrl);
  if (settings.warmup > 0) {
    await run(baseUrl, next, settings.connections, settings.warmup);
    await settle(settings.settleUrl);
  }
  const pid = settings.cpuPid;
  const before = pid === undefined ? null : processCpuMs(pid);
  const result = await run(baseUrl, next, settings.connections, settings.duration);
  if (pid === undefined || before === null) return { ...result, cpuMsPerRequest: null };
  await settle(settings.settleUrl);
  const after = processCpuMs(pid);
  return {
    ...result,
    cpuMsPerRequest: after === null || result.sent === 0 ? null : (after - before) / result.sent,
  };
}

/** Of two runs of the same work, the one with more answers a second (the least disturbed). */
export const bestOf = (a: LoadResult | undefined, b: LoadResult): LoadResult =>
  a && a.perSecond >= b.perSecond ? a : b;
