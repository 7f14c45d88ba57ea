import type { FastifyInstance } from "fastify";

/**
 * Pages are served on PUBLIC_URL's host only: a visit on another name of the same server (e.g.
 * 127.0.0.1 when PUBLIC_URL says localhost) is sent to the canonical origin before any page
 * loads. Otherwise the session kept by the page lives on the other origin, and the OAuth round
 * trip (which returns to PUBLIC_URL) would arrive logged out. API calls and the sandbox
 * stand-ins are answered on any host: they carry their session in a header, not in the origin;
 * so is /metrics.
 */
export function registerCanonicalHost(app: FastifyInstance, publicUrl: string): void {
  const canonical = new URL(publicUrl);
  const canonicalHost = canonical.host.toLowerCase();
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    if (request.url.startsWith("/api/") || request.url.startsWith("/__sandbox/")) return;
    // Prometheus scrapes each instance by its own address, never the public name.
    if (request.url.split("?")[0] === "/metrics") return;
    const host = request.host?.toLowerCase();
    if (!host || sameHost(host, canonicalHost, canonical.protocol)) return;
    // 302, not 301: a changed PUBLIC_URL must not stay cached in browsers.
    return reply.redirect(`${canonical.origin}${request.url}`, 302);
  });
}

/** The Host header may name the default port ("example.com:443") where the URL omits it. */
function sameHost(host: string, canonicalHost: string, protocol: string): boolean {
  if (host === canonicalHost) return true;
  const defaultPort = protocol === "https:" ? ":443" : ":80";
  return host === `${canonicalHost}${defaultPort}`;
}
