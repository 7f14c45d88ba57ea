// The part of autocannon 8's API the bench uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  interface RequestSetup {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    pipelining?: number;
    requests?: Array<RequestSetup & { setupRequest?: (request: RequestSetup) => RequestSetup }>;
  }
  interface Result {
    requests: { total: number; average: number; sent: number };
    throughput: { average: number; total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  interface Instance extends EventEmitter {
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): this;
    on(event: "done", listener: (result: Result) => void): this;
    stop(): void;
  }
  function autocannon(
    options: Options,
    callback?: (error: Error | null, result: Result) => void,
  ): Instance;
  export default autocannon;
}
