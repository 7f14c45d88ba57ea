/**
 * A round-robin HTTP proxy, as a load balancer in front of several app processes would be:
 * each request goes to the next upstream in turn over a keep-alive connection, with the
 * client's Host kept and X-Forwarded-For added. The cluster phase runs it as its own process
 * (so the load generator does not share its event loop):
 *   PORT=3324 PROXY_UPSTREAMS=http://127.0.0.1:3325,http://127.0.0.1:3326 tsx bench/src/proxy.ts
 * GET /__proxy/answers tells how many answers each upstream gave, by status.
 */
import http from "node:http";
import { pathToFileURL } from "node:url";

export interface ProxyOptions {
  upstreams: string[];
  /** Called with every upstream answer (its upstream's index), e.g. to count them. */
  onAnswer?: (upstream: number, request: http.IncomingMessage, status: number) => void;
}

export const PROXY_READY_PATH = "/__proxy/answers";
/** The Gmail stand-in's count of sends per pass-through port (bench/src/gmail-standin.ts). */
export const TAP_SENDS_PATH = "/__taps/sends";

/** Headers of one hop (this connection's), not passed on. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "upgrade", "te"]);
const passed = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

/** The proxy's request handler (createProxy serves it; another server may pass requests on). */
export function proxyHandler(options: ProxyOptions): http.RequestListener {
  const targets = options.upstreams.map((upstream) => new URL(upstream));
  const agents = targets.map(() => new http.Agent({ keepAlive: true, maxSockets: 256 }));
  const answers = targets.map(() => ({}) as Record<string, number>);
  let next = 0;
  return (request, response) => {
    if (request.method === "GET" && request.url === PROXY_READY_PATH) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(options.upstreams.map((url, i) => ({ url, ...answers[i] }))));
      return;
    }
    const index = next;
    next = (next + 1) % targets.length;
    const target = targets[index];
    const forwardedFor = [request.headers["x-forwarded-for"], request.socket.remoteAddress]
      .filter(Boolean)
      .join(", ");
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...passed(request.headers), "x-forwarded-for": forwardedFor },
        agent: agents[index],
      },
      (answer) => {
        const status = answer.statusCode ?? 502;
        answers[index][status] = (answers[index][status] ?? 0) + 1;
        options.onAnswer?.(index, request, status);
        response.writeHead(status, passed(answer.headers));
        answer.pipe(response);
      },
    );
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    // A client gone before its answer (a load run's end) lets the upstream request go too.
    request.on("error", () => upstream.destroy());
    response.on("close", () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  };
}

export function createProxy(options: ProxyOptions): http.Server {
  return http.createServer(proxyHandler(options));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const upstreams = (process.env.PROXY_UPSTREAMS ?? "").split(",").filter(Boolean);
  if (upstreams.length === 0) throw new Error("PROXY_UPSTREAMS names no upstream");
  const port = Number(process.env.PORT ?? 0);
  createProxy({ upstreams }).listen(port, "127.0.0.1", () => {
    console.log(`round-robin proxy on ${port} to ${upstreams.join(", ")}`);
  });
}
