import { pathToFileURL } from "node:url";
import Fastify from "fastify";
import { freePort } from "./free-port";
import { createSandbox, type Sandbox } from "./index";

export interface SandboxServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** The app whose OAuth redirects the Google stand-in accepts (default: this server). */
  appUrl?: string;
  google?: { clientId: string; clientSecret: string };
  microsoft?: { clientId: string; clientSecret: string };
  stripe?: { webhookUrl: string; webhookSecret: string };
  /** Gmail push to the app (Pub/Sub's push subscription): none unless given. */
  gmailPush?: { topicName: string; endpoint: string; audience: string; serviceAccount: string };
}

export interface SandboxServer {
  url: string;
  sandbox: Sandbox;
  /** Makes every Gmail send wait this long before it is handled (a slow Gmail). */
  setSendLatency(ms: number): void;
  /** Gmail and Outlook sends received and not yet answered. */
  sendsInFlight(): number;
  /** Requests answered so far, by method and route ("GET /__sandbox/gmail/…/threads/:id"). */
  requestCounts(): Record<string, number>;
  /** The settings that point an app process's Google, Gmail and Microsoft at this server. */
  appEnv: Record<string, string>;
  close(): Promise<void>;
}

export const SANDBOX_CLIENT = {
  clientId: "reachout-sandbox.apps.example",
  clientSecret: "sandbox-secret",
};

/** The sandbox's Microsoft app registration (client id and secret of the stand-in). */
export const SANDBOX_MICROSOFT_CLIENT = {
  clientId: "00000000-0000-4000-8000-00000000ae01",
  clientSecret: "sandbox-microsoft-secret",
};

/**
 * The stand-ins as their own HTTP server, apart from any app process: several app or worker
 * processes can share one Gmail, and what it received survives those processes being killed.
 * The app reaches it through GOOGLE_TOKEN_URL and GMAIL_API_URL (…/__sandbox/google/token,
 * …/__sandbox/gmail).
 */
export async function startSandboxServer(
  options: SandboxServerOptions = {},
): Promise<SandboxServer> {
  const host = options.host ?? "127.0.0.1";
  const port = options.port || (await freePort(host));
  const url = `http://${host}:${port}`;
  const google = options.google ?? SANDBOX_CLIENT;
  const microsoft = options.microsoft ?? SANDBOX_MICROSOFT_CLIENT;
  const sandbox = createSandbox({
    appUrl: options.appUrl ?? url,
    sandboxUrl: `${url}/__sandbox`,
    google,
    microsoft,
    stripe: options.stripe ?? {
      webhookUrl: `${options.appUrl ?? url}/api/stripe/webhook`,
      webhookSecret: "whsec_sandbox",
    },
    gmailPush: options.gmailPush,
  });
  let latencyMs = 0;
  let inFlight = 0;
  const counts: Record<string, number> = {};
  const app = Fastify({ logger: false, bodyLimit: 50 * 1024 * 1024 });
  app.addHook("onResponse", async (request) => {
    const route = `${request.method} ${request.routeOptions.url ?? "(no route)"}`;
    counts[route] = (counts[route] ?? 0) + 1;
  });
  app.addHook("onRequest", async (request, reply) => {
    // A send at Gmail (…/messages/send) or at Outlook (Graph's /me/sendMail).
    const isSend = request.url.includes("/messages/send") || request.url.includes("/me/sendMail");
    if (request.method !== "POST" || !isSend) return;
    inFlight++;
    reply.raw.once("close", () => inFlight--);
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
  });
  await app.register(sandbox.plugin, { prefix: "/__sandbox" });
  await app.listen({ port, host });
  return {
    url,
    sandbox,
    setSendLatency: (ms) => {
      latencyMs = ms;
    },
    sendsInFlight: () => inFlight,
    requestCounts: () => ({ ...counts }),
    appEnv: {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_TOKEN_URL: `${url}/__sandbox/google/token`,
      GOOGLE_AUTH_URL: `${url}/__sandbox/google/authorize`,
      GOOGLE_USERINFO_URL: `${url}/__sandbox/google/userinfo`,
      GOOGLE_JWKS_URL: `${url}/__sandbox/google/jwks`,
      GOOGLE_ISSUER: `${url}/__sandbox/google`,
      GMAIL_API_URL: `${url}/__sandbox/gmail`,
      MICROSOFT_CLIENT_ID: microsoft.clientId,
      MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
      MICROSOFT_AUTHORITY_URL: `${url}/__sandbox/microsoft/common`,
      MICROSOFT_GRAPH_URL: `${url}/__sandbox/microsoft`,
    },
    close: () => app.close(),
  };
}

/** The Pub/Sub topic and push service account the stand-ins play (the app's sandbox defaults). */
export const SANDBOX_PUSH = {
  topicName: "projects/reachout-sandbox/topics/gmail-push",
  serviceAccount: "gmail-push@reachout-example.iam.gserviceaccount.com",
};

// `tsx sandbox/src/serve.ts` runs it alone, e.g. for benchmarks and the production smoke run:
// PORT, APP_URL; GMAIL_PUSH=on pushes mailbox changes to APP_URL/api/gmail/push as Pub/Sub
// would; STRIPE_WEBHOOK_SECRET signs the Stripe stand-in's webhooks.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const appUrl = process.env.APP_URL;
  const endpoint = `${appUrl}/api/gmail/push`;
  const server = await startSandboxServer({
    port: Number(process.env.PORT ?? 0),
    appUrl,
    stripe: appUrl
      ? {
          webhookUrl: `${appUrl}/api/stripe/webhook`,
          webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? "whsec_sandbox",
        }
      : undefined,
    gmailPush:
      appUrl && process.env.GMAIL_PUSH === "on"
        ? { ...SANDBOX_PUSH, endpoint, audience: endpoint }
        : undefined,
  });
  console.log(`sandbox stand-ins at ${server.url}/__sandbox`);
  // Stopped by a signal: close the listener so the port is free when the process is gone.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => void server.close().then(() => process.exit(0)));
  }
}
