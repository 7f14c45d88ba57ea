import { mkdtempSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Config, loadConfig } from "../config";
import { encryptSecret } from "../lib/crypto";
import { createGmailClient, GmailError } from "./gmail";

/** A fake Google: the token endpoint and a scripted Gmail API, each counting its calls. */
let server: Server;
let baseUrl: string;
let tokenCalls = 0;
let tokenAnswer: { status: number; body: object } = { status: 200, body: {} };
/** The token endpoint takes the request and never answers. */
let tokenHangs = false;
let script: Array<(res: ServerResponse) => void> = [];
let seenTokens: string[] = [];

const json = (
  res: ServerResponse,
  status: number,
  body: object,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};
const gmailError = (status: number, reason: string) => (res: ServerResponse) =>
  json(
    res,
    status,
    { error: { code: status, message: reason, errors: [{ reason }] } },
    { "retry-after": "7" },
  );

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on("end", () => {
      if (req.url?.startsWith("/token")) {
        tokenCalls++;
        if (tokenHangs) return;
        return json(res, tokenAnswer.status, tokenAnswer.body);
      }
      seenTokens.push(String(req.headers.authorization));
      const next = script.shift();
      if (next) return next(res);
      return json(res, 200, {
        id: "m1",
        threadId: "t1",
        emailAddress: "ada@gmail.example",
        historyId: "9",
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let tokenNumber = 0;
beforeEach(() => {
  tokenCalls = 0;
  tokenHangs = false;
  script = [];
  seenTokens = [];
  tokenNumber++;
  tokenAnswer = {
    status: 200,
    body: { access_token: `access-${tokenNumber}`, expires_in: 3600, token_type: "Bearer" },
  };
});

function configFor(gmailApiUrl: string): Config {
  return loadConfig({
    NODE_ENV: "test",
    SANDBOX: "off",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "gmail-client-")),
    GOOGLE_CLIENT_ID: "client",
    GOOGLE_CLIENT_SECRET: "secret",
    STRIPE_SECRET_KEY: "sk_test_unused",
    STRIPE_WEBHOOK_SECRET: "whsec_unused",
    GOOGLE_TOKEN_URL: `${baseUrl}/token`,
    GMAIL_API_URL: gmailApiUrl,
  });
}

let accountNumber = 0;
function client(
  options: { gmailApiUrl?: string; timeoutMs?: number; deadline?: AbortSignal } = {},
) {
  const config = configFor(options.gmailApiUrl ?? baseUrl);
  accountNumber++;
  return createGmailClient(
    config,
    {
      userId: `user-${accountNumber}`,
      email: "ada@gmail.example",
      refreshTokenEnc: encryptSecret("refresh-token", config.tokenEncryptionKey),
    },
    { timeoutMs: options.timeoutMs, deadline: options.deadline },
  );
}

async function failure(promise: Promise<unknown>): Promise<GmailError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GmailError) return error;
    throw error;
  }
  throw new Error("expected a GmailError");
}

describe("Gmail client", () => {
  it("refreshes the access token once and reuses it until it expires", async () => {
    const gmail = client();
    await gmail.getProfile();
    await gmail.getProfile();
    expect(tokenCalls).toBe(1);
    expect(seenTokens).toEqual([`Bearer access-${tokenNumber}`, `Bearer access-${tokenNumber}`]);
  });

  it("refreshes again after a 401 and succeeds with the new token", async () => {
    const gmail = client();
    script = [gmailError(401, "authError")];
    await expect(gmail.getProfile()).resolves.toMatchObject({ emailAddress: "ada@gmail.example" });
    expect(tokenCalls).toBe(2);
  });

  it.each([
    [429, "rateLimitExceeded", "temporary"],
    [403, "userRateLimitExceeded", "temporary"],
    [403, "insufficientPermissions", "auth_revoked"],
    [404, "notFound", "not_found"],
    [400, "invalidArgument", "rejected"],
    [503, "backendError", "unknown"],
  ])("classifies a send answered %i %s as %s", async (status, reason, kind) => {
    script = [gmailError(status, reason)];
    const error = await failure(client().sendMessage(Buffer.from("raw")));
    expect(error.kind).toBe(kind);
    if (kind === "temporary") expect(error.retryAfterSeconds).toBe(7);
  });

  it('honours the time named in a 429\'s message ("Retry after <time>"), without a header', async () => {
    const until = new Date(Date.now() + 15 * 60_000).toISOString();
    script = [
      (res) =>
        json(res, 429, {
          error: {
            code: 429,
            message: `User-rate limit exceeded.  Retry after ${until}`,
            errors: [
              {
                reason: "rateLimitExceeded",
                message: `User-rate limit exceeded.  Retry after ${until}`,
              },
            ],
          },
        }),
    ];
    const error = await failure(client().sendMessage(Buffer.from("raw")));
    expect(error.kind).toBe("temporary");
    expect(error.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
  });

  it("treats a 5xx on a read as temporary: reads are safe to repeat", async () => {
    script = [gmailError(503, "backendError")];
    expect((await failure(client().getThread("t1"))).kind).toBe("temporary");
  });

  it("calls a send that timed out unknown: it may have been accepted", async () => {
    script = [() => {}]; // never answers
    const error = await failure(client({ timeoutMs: 200 }).sendMessage(Buffer.from("raw")));
    expect(error.kind).toBe("unknown");
  });

  it("ends a send at its step's deadline, before the call's own timeout", async () => {
    script = [() => {}]; // never answers
    const started = Date.now();
    const error = await failure(
      client({ deadline: AbortSignal.timeout(200) }).sendMessage(Buffer.from("raw")),
    );
    expect(error.kind).toBe("unknown");
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("abandons a token refresh still under way at the deadline: temporary, nothing sent", async () => {
    tokenHangs = true;
    const error = await failure(
      client({ deadline: AbortSignal.timeout(200) }).sendMessage(Buffer.from("raw")),
    );
    expect(error.kind).toBe("temporary");
    expect(error.message).toBe("Google's token endpoint could not be reached");
    expect(seenTokens).toEqual([]);
  });

  it("calls a refused connection temporary: nothing reached Gmail", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(
      client({ gmailApiUrl: `http://127.0.0.1:${port}` }).sendMessage(Buffer.from("raw")),
    );
    expect(error.kind).toBe("temporary");
  });

  it("reports a revoked grant (invalid_grant) as auth_revoked", async () => {
    tokenAnswer = { status: 400, body: { error: "invalid_grant", error_description: "revoked" } };
    expect((await failure(client().getProfile())).kind).toBe("auth_revoked");
  });

  it("rejects an answer that does not match Gmail's shape", async () => {
    script = [(res) => json(res, 200, { unexpected: true })];
    expect((await failure(client().sendMessage(Buffer.from("raw")))).kind).toBe("unknown");
  });
});
