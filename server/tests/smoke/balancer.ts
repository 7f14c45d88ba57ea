import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Balancer {
  url: string;
  /** Requests each backend is answering right now, by its URL. */
  inFlight(): Record<string, number>;
  /** Requests sent to another backend because theirs refused or reset the connection (stopping). */
  retried(): number;
  close(): Promise<void>;
}

/** The backend refused the connection: it never saw the request, so another one may take it. */
const NEVER_REACHED = new Set(["ECONNREFUSED"]);
/**
 * The connection failed before any answer began. A stopping backend resets the connections
 * still waiting in its listen queue when it closes its socket; nginx's `proxy_next_upstream
 * error` passes such a request on too, but only an idempotent one (since 1.9.13), since a POST
 * the backend may have begun is never sent twice.
 */
const FAILED_BEFORE_ANSWER = new Set(["ECONNRESET", "EPIPE"]);
const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/**
 * A round-robin reverse proxy in front of the web processes, as nginx with two upstreams and
 * `proxy_next_upstream error`: a backend that refuses the connection (stopped) is skipped and
 * the request goes to the next one, and so is an idempotent request whose connection was reset
 * before any answer began. A POST a backend may have begun is never sent twice: if that backend
 * fails it, the client gets 502, which the smoke run counts as a failed request.
 */
export async function startBalancer(backends: string[]): Promise<Balancer> {
  let next = 0;
  let retried = 0;
  const active: Record<string, number> = Object.fromEntries(backends.map((b) => [b, 0]));

  function forward(incoming: IncomingMessage, body: Buffer, backend: string) {
    return new Promise<{ status: number; headers: IncomingMessage["headers"]; body: Buffer }>(
      (resolve, reject) => {
        active[backend]++;
        const done = () => active[backend]--;
        const outgoing = httpRequest(
          `${backend}${incoming.url}`,
          {
            method: incoming.method,
            headers: { ...incoming.headers, connection: "close" },
            agent: false,
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => {
              done();
              resolve({
                status: response.statusCode ?? 502,
                headers: response.headers,
                body: Buffer.concat(chunks),
              });
            });
            response.on("error", (error) => {
              done();
              // The answer had begun: this request is never passed on.
              reject(Object.assign(error, { answered: true }));
            });
          },
        );
        outgoing.on("error", (error) => {
          done();
          reject(error);
        });
        outgoing.end(body);
      },
    );
  }

  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", async () => {
      const body = Buffer.concat(chunks);
      const first = next++ % backends.length;
      for (let tried = 0; tried < backends.length; tried++) {
        const backend = backends[(first + tried) % backends.length];
        try {
          const answer = await forward(incoming, body, backend);
          const headers = { ...answer.headers };
          delete headers["transfer-encoding"];
          delete headers.connection;
          outgoing.writeHead(answer.status, headers);
          outgoing.end(answer.body);
          return;
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? "";
          const passOn =
            NEVER_REACHED.has(code) ||
            (FAILED_BEFORE_ANSWER.has(code) &&
              !(error as { answered?: boolean }).answered &&
              IDEMPOTENT.has(incoming.method ?? ""));
          if (!passOn) {
            outgoing.writeHead(502, { "content-type": "application/json" });
            outgoing.end(JSON.stringify({ detail: `upstream ${backend} failed: ${code}` }));
            return;
          }
          retried++;
        }
      }
      outgoing.writeHead(502, { "content-type": "application/json" });
      outgoing.end(JSON.stringify({ detail: "no upstream answered" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    inFlight: () => ({ ...active }),
    retried: () => retried,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
