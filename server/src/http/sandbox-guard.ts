import type { FastifyRequest } from "fastify";
import { isLoopbackHost } from "../config";

/** The headers a proxy writes the client into (RFC 7239's Forwarded and the de-facto two). */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"] as const;

/** The client addresses a header value names (a list; Forwarded's `for=` parameters). */
function addressesIn(name: (typeof FORWARDING_HEADERS)[number], value: string): string[] {
  if (name !== "forwarded") return value.split(",").map((part) => part.trim());
  const found: string[] = [];
  for (const element of value.split(",")) {
    for (const pair of element.split(";")) {
      const [key, ...rest] = pair.split("=");
      if (key.trim().toLowerCase() !== "for") continue;
      // for="[::1]:8080", for=127.0.0.1, for=_hidden, for=unknown
      const raw = rest.join("=").trim().replace(/^"|"$/g, "");
      found.push(raw.startsWith("[") ? raw.slice(0, raw.indexOf("]") + 1) : raw.split(":")[0]);
    }
  }
  return found;
}

/**
 * The stand-ins may answer this request: its socket's peer is this machine, and no forwarding
 * header names anyone else. Behind a reverse proxy on the same host every request arrives from
 * loopback, so the peer alone proves nothing (issue 32); a proxy that names its client (or
 * hides it: `unknown`, `_obfuscated`) makes the request someone else's. TRUST_PROXY plays no
 * part: a forwarded client is never local, whoever forwarded it.
 */
export function isLocalSandboxClient(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? "";
  if (!isLoopbackHost(peer)) return false;
  for (const name of FORWARDING_HEADERS) {
    const header = request.headers[name];
    if (header === undefined) continue;
    for (const value of [header].flat()) {
      for (const address of addressesIn(name, value)) {
        if (address !== "" && !isLoopbackHost(address)) return false;
      }
    }
  }
  return true;
}
