/**
 * The Google and Gmail stand-ins as a process of their own, shared by several app processes
 * (the sandbox's standalone server), with one pass-through port per app process in front of it:
 * each process reaches Gmail through its own port, so the sends each process made are counted
 * on Gmail's side without any change to the app.
 *   PORT=3320 TAP_PORTS=3321,3322,3323 APP_URL=http://127.0.0.1:3324 \
 *     GOOGLE_CLIENT_ID=… GOOGLE_CLIENT_SECRET=… tsx bench/src/gmail-standin.ts
 * GET /__proxy/answers on a tap port tells its answers by status; GET /__taps/sends (any tap)
 * tells the sends accepted through each tap.
 */
import http from "node:http";
import { startSandboxServer } from "@reachout/sandbox/serve";
import { proxyHandler, TAP_SENDS_PATH } from "./proxy";

const isSend = (request: http.IncomingMessage) =>
  request.method === "POST" && (request.url ?? "").endsWith("/messages/send");

async function main() {
  const env = process.env;
  const gmail = await startSandboxServer({
    port: Number(env.PORT ?? 0),
    appUrl: env.APP_URL,
    google: { clientId: env.GOOGLE_CLIENT_ID ?? "", clientSecret: env.GOOGLE_CLIENT_SECRET ?? "" },
  });
  const ports = (env.TAP_PORTS ?? "").split(",").filter(Boolean).map(Number);
  const sends = ports.map(() => 0);
  ports.forEach((port, i) => {
    const forward = proxyHandler({
      upstreams: [gmail.url],
      onAnswer: (_upstream, request, status) => {
        if (isSend(request) && status >= 200 && status < 300) sends[i]++;
      },
    });
    const counts = http.createServer((request, response) => {
      if (request.method === "GET" && request.url === TAP_SENDS_PATH) {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify(Object.fromEntries(ports.map((p, j) => [p, sends[j]]))));
        return;
      }
      forward(request, response);
    });
    counts.listen(port, "127.0.0.1");
  });
  console.log(`Gmail stand-in at ${gmail.url}, taps on ${ports.join(", ")}`);
}

await main();
