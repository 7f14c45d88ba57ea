import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { type KeyRing, keyRing } from "./lib/crypto";

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalString,
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  TRUST_PROXY: optionalString.pipe(
    z
      .string()
      .refine(
        (v) => /^\d+$/.test(v) || v.split(",").every((entry) => isAddressOrCidr(entry.trim())),
        "must be a hop count or a comma-separated list of addresses/CIDRs",
      )
      .optional(),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: optionalString,
  // Connections each process's pool opens at most (pg-boss keeps 4 more): several instances
  // against one PostgreSQL share its max_connections.
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).default(10),
  DATA_DIR: z.string().default("./data"),
  JWT_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  // Secrets sessions were signed with before JWT_SECRET (comma-separated): they still verify
  // until the sessions they signed expire, so a rotation signs no one out.
  JWT_PREVIOUS_SECRET: optionalString.pipe(
    z
      .string()
      .refine(
        (v) => v.split(",").every((secret) => secret.trim().length >= 32),
        "must be at least 32 characters (each, in a comma-separated list)",
      )
      .optional(),
  ),
  // One key, or a comma-separated list, newest first (a rotation: see docs/deploy.md).
  TOKEN_ENCRYPTION_KEY: optionalString.pipe(
    z
      .string()
      .refine(
        (v) => v.split(",").every((key) => Buffer.from(key.trim(), "base64").length === 32),
        "must be 32 bytes, base64-encoded (or a comma-separated list of such keys, newest first)",
      )
      .optional(),
  ),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 7),
  SANDBOX: z.enum(["auto", "on", "off"]).default("auto"),
  SMTP_URL: optionalString,
  // The first wait before a refused system email is tried again; each next wait about doubles.
  SYSTEM_EMAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(15),
  MAIL_FROM: z.string().default("Reachout <no-reply@reachout.example>"),
  SUPPORT_EMAIL: z.string().default("support@reachout.example"),
  BUSINESS_EMAIL: z.string().default("partners@reachout.example"),
  SALES_EMAIL: z.string().default("sales@reachout.example"),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_AUTH_URL: optionalString,
  GOOGLE_TOKEN_URL: optionalString,
  GOOGLE_USERINFO_URL: optionalString,
  GOOGLE_JWKS_URL: optionalString,
  GOOGLE_ISSUER: optionalString,
  GMAIL_API_URL: optionalString,
  // A Microsoft Entra app registration (Outlook / Microsoft 365 mailboxes through Graph).
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  // The identity platform's authority (tenant "common") and Graph's base URL.
  MICROSOFT_AUTHORITY_URL: optionalString,
  MICROSOFT_GRAPH_URL: optionalString,
  // Where Graph POSTs change notifications (Outlook replies in seconds): the app's
  // /api/microsoft/notifications by default when PUBLIC_URL is https (Graph calls only https)
  // or in sandbox; "off" leaves Outlook mailboxes to the 3-minute poll.
  MICROSOFT_NOTIFICATION_URL: optionalString.pipe(
    z.union([z.literal("off"), z.url({ protocol: /^https?$/ })]).optional(),
  ),
  GMAIL_DAILY_CAP: z.coerce.number().int().positive().default(100),
  GMAIL_MIN_SPACING_SECONDS: z.coerce.number().min(0).default(20),
  // A send still `sending` after this long lost its worker. Never shorter in effect than the send's
  // own deadline and a margin (see claimHoldMs): a claim whose send may still be under way is held.
  GMAIL_SENDING_LEASE_SECONDS: z.coerce.number().int().positive().default(300),
  // The deadline of one attempt to hand a message to the mailbox provider, token refresh included.
  MAILBOX_SEND_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  // How long Gmail gets to make an unconfirmed send searchable before it is sent again.
  GMAIL_UNCONFIRMED_GRACE_SECONDS: z.coerce.number().int().min(0).default(120),
  // A new mailbox starts at this daily cap and grows by the increase each day up to GMAIL_DAILY_CAP.
  GMAIL_WARMUP_START_CAP: z.coerce.number().int().positive().default(20),
  GMAIL_WARMUP_DAILY_INCREASE: z.coerce.number().int().min(0).default(10),
  // First emails one address may receive from all Reachout users in a rolling 7 days.
  RECIPIENT_WEEKLY_CAP: z.coerce.number().int().positive().default(3),
  // The first people of each student's "Warm first" order kept ready (ADR 041).
  WARM_ORDER_KEEP: z.coerce.number().int().positive().default(5000),
  // First backoff of an automated send Gmail refused with a rate limit (doubles each time).
  GMAIL_RETRY_BASE_SECONDS: z.coerce.number().min(0.1).default(30),
  // Gmail push (users.watch → Cloud Pub/Sub → POST /api/gmail/push). Production: set the topic
  // (projects/{project}/topics/{topic}) and the push subscription's service account; sandbox:
  // the stand-in's topic. Without a topic the 3-minute poll alone finds replies.
  GMAIL_PUSH_TOPIC: optionalString,
  GMAIL_PUSH_AUDIENCE: optionalString,
  GMAIL_PUSH_SERVICE_ACCOUNT: optionalString,
  // How long one minute of a sequence's waits lasts: 60 in use; tests shorten it.
  SEQUENCE_MINUTE_SECONDS: z.coerce.number().min(0.01).default(60),
  // How often due follow-ups are looked for (a cron minute also runs it as a safety net).
  SEQUENCE_SWEEP_SECONDS: z.coerce.number().min(0.2).default(10),
  // The default sending window (business days, 08:00-18:00 in the recipient's time zone) of a
  // sequence that sets none. "off": waits are plain time, as in sandbox mode (tests whose
  // clocks must not depend on the hour or the weekday they run at).
  SEQUENCE_DEFAULT_WINDOW: z.enum(["on", "off"]).default("on"),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalString,
  STRIPE_PRICE_GOLD: optionalString,
  STRIPE_PRICE_BLACK: optionalString,
  LLM_BASE_URL: optionalString,
  LLM_API_KEY: optionalString,
  LLM_MODEL: z.string().default("gpt-4o-mini"),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  NEWS_API_KEY: optionalString,
  NEWS_API_URL: optionalString,
  APOLLO_API_KEY: optionalString,
  APOLLO_BASE_URL: z.string().default("https://api.apollo.io"),
  ADMIN_EMAILS: z.string().default("admin@reachout.example"),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  SEED_DEMO: z.enum(["true", "false"]).default("true"),
  RUN_WORKERS: z.enum(["true", "false"]).default("true"),
  // What this process does: `web` serves HTTP only, `worker` runs jobs only, `all` both.
  PROCESS_ROLE: z.enum(["web", "worker", "all"]).default("all"),
  // Apply pending migrations at start: by default only an `all` process does (npm start);
  // a production release runs `npm run migrate` once instead.
  MIGRATE_ON_START: z.enum(["true", "false"]).optional(),
  WEB_DIST: optionalString,
  // GET /metrics answers this machine's own requests; anyone else needs this bearer token.
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, "must be at least 16 characters").optional(),
  ),
  // A worker process (no API) serves GET /metrics on this port when set.
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

export type Env = z.infer<typeof EnvSchema>;

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.split("/");
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may tell the client's address through X-Forwarded-For: none by default (the
 * socket's address is the client), a hop count, or the proxies' addresses/CIDRs.
 */
export type TrustProxy = false | number | string[];

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value.split(",").map((entry) => entry.trim());
}

export interface Config {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  trustProxy: TrustProxy;
  publicUrl: string;
  logLevel: Env["LOG_LEVEL"];
  database:
    | { kind: "pglite"; dataDir: string }
    | { kind: "postgres"; url: string; poolMax: number };
  dataDir: string;
  /** Signs new sessions (and links, codes). */
  jwtSecret: Uint8Array;
  /** Secrets of a rotation's grace period: sessions they signed still verify. */
  jwtPreviousSecrets: Uint8Array[];
  /** The mailbox-token keys, newest first: new secrets are sealed under the first. */
  tokenEncryptionKey: KeyRing;
  sessionTtlHours: number;
  /** Sandbox mode: external services are the local stand-ins under /__sandbox. */
  sandbox: boolean;
  /** SANDBOX=on: the stand-ins answer any client, not only loopback ones. */
  sandboxOpen: boolean;
  mail: {
    smtpUrl?: string;
    retryDelaySeconds: number;
    from: string;
    supportEmail: string;
    businessEmail: string;
    salesEmail: string;
  };
  google: {
    clientId: string;
    clientSecret: string;
    authUrl: string;
    tokenUrl: string;
    userinfoUrl: string;
    jwksUrl: string;
    issuer: string;
    gmailApiUrl: string;
  };
  /**
   * Outlook / Microsoft 365 mailboxes: the app registration and where the identity platform
   * (authorize, token under `${authorityUrl}/oauth2/v2.0`) and Graph (`${graphUrl}/v1.0`) are.
   * `enabled` is false in production without a registration (the Connect Outlook button hides).
   */
  microsoft: {
    enabled: boolean;
    clientId: string;
    clientSecret: string;
    authorityUrl: string;
    graphUrl: string;
  };
  sending: {
    dailyCap: number;
    minSpacingSeconds: number;
    sendingLeaseSeconds: number;
    sendTimeoutSeconds: number;
    unconfirmedGraceSeconds: number;
    warmupStartCap: number;
    warmupDailyIncrease: number;
    retryBaseSeconds: number;
  };
  /**
   * Gmail push: the Pub/Sub topic mailboxes are watched on, and what the push's OIDC token must
   * say (audience, the push subscription's service account). Absent: poll only.
   */
  gmailPush?: { topicName: string; audience: string; serviceAccount: string };
  /**
   * Microsoft push: Graph change-notification subscriptions POST to this URL (the app's
   * /api/microsoft/notifications). Absent: Outlook mailboxes are polled only.
   */
  microsoftPush?: { notificationUrl: string };
  /** First emails one recipient may receive from all users in a rolling 7 days. */
  recipientWeeklyCap: number;
  /**
   * How many people of each student's "Warm first" order are kept ready (the first in page
   * order); pages past them are ranked on the fly (ADR 041).
   */
  warmOrderKeep: number;
  sequences: { minuteMs: number; sweepSeconds: number; defaultWindow: boolean };
  stripe: {
    secretKey: string;
    webhookSecret: string;
    apiUrl?: string;
    prices: { gold: string; black: string };
  };
  llm?: { baseUrl: string; apiKey: string; model: string; timeoutMs: number };
  /** A news search API (NewsAPI.org's /v2/everything shape); the sandbox's stand-in by default. */
  news?: { apiKey: string; baseUrl: string };
  apollo?: { apiKey: string; baseUrl: string };
  adminEmails: string[];
  rateLimit: { max: number; authMax: number };
  seedDemo: boolean;
  /** Run job workers in this process: never in a `web` process. */
  runWorkers: boolean;
  /** `web`: HTTP only; `worker`: jobs only, no HTTP; `all`: both (npm start). */
  role: "web" | "worker" | "all";
  /** Apply pending migrations while starting (else `npm run migrate` does, once per release). */
  migrateOnStart: boolean;
  /** Folder of the built SPA (default: web/dist beside the server). */
  webDist?: string;
  /** Bearer token that opens /metrics to other machines (loopback needs none). */
  metricsToken?: string;
  /** Where a worker process serves /metrics (none: it serves nothing). */
  metricsPort?: number;
}

export class ConfigError extends Error {}

/** A loopback address or name: nothing outside this machine can reach it. */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .replace(/^\[|\]$/g, "")
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.)/, "");
  if (bare === "localhost" || bare === "::1") return true;
  return isIP(bare) === 4 && bare.startsWith("127.");
}

/**
 * Development secrets are generated once and kept in the data directory, so sessions and
 * encrypted tokens survive a restart without anyone having to invent a key.
 */
function localSecret(dataDir: string, name: string, bytes: number): Buffer {
  const file = path.join(dataDir, `.${name}`);
  if (existsSync(file)) return Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(bytes);
  writeFileSync(file, secret.toString("base64"), { mode: 0o600 });
  return secret;
}

function microsoftPushConfig(
  env: Env,
  app: { publicUrl: string; sandbox: boolean; hasMicrosoft: boolean },
): Config["microsoftPush"] {
  if (env.MICROSOFT_NOTIFICATION_URL === "off") return undefined;
  if (env.MICROSOFT_NOTIFICATION_URL) return { notificationUrl: env.MICROSOFT_NOTIFICATION_URL };
  const reachable = app.sandbox || (app.hasMicrosoft && app.publicUrl.startsWith("https://"));
  return reachable
    ? { notificationUrl: `${app.publicUrl}/api/microsoft/notifications` }
    : undefined;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const dataDir = path.resolve(env.DATA_DIR);

  const hasGoogle = Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
  const hasStripe = Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);
  const hasMicrosoft = Boolean(env.MICROSOFT_CLIENT_ID && env.MICROSOFT_CLIENT_SECRET);
  if (Boolean(env.MICROSOFT_CLIENT_ID) !== Boolean(env.MICROSOFT_CLIENT_SECRET)) {
    throw new ConfigError(
      "Invalid configuration: MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET go together (the app registration's client id and a client secret), or neither.",
    );
  }
  // The stand-ins sign anyone in and hand out every verification code, and the sandbox seeds a
  // demo login whose password is published: never in production, whatever SANDBOX says.
  if (isProduction && env.SANDBOX === "on") {
    throw new ConfigError(
      "Invalid configuration: SANDBOX=on with NODE_ENV=production. The sandbox (stand-in sign-in, " +
        "readable verification codes, the demo login) never runs in production: remove SANDBOX, " +
        "or run without NODE_ENV=production for a shared test server.",
    );
  }
  const sandbox =
    env.SANDBOX === "on" || (env.SANDBOX === "auto" && !isProduction && (!hasGoogle || !hasStripe));

  // Some keys but not all: the missing ones would switch the sandbox on, and the real keys
  // given would go to the stand-ins (or a live service would be called with a made-up key).
  // Only an explicit SANDBOX=on may pair keys with the stand-ins.
  const keys = {
    GOOGLE_CLIENT_ID: env.GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: env.GOOGLE_CLIENT_SECRET,
    STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET,
  };
  const given = Object.entries(keys).filter(([, value]) => value);
  if (env.SANDBOX !== "on" && given.length > 0 && given.length < 4) {
    const missing = Object.keys(keys).filter((name) => !keys[name as keyof typeof keys]);
    throw new ConfigError(
      `Invalid configuration: ${given.map(([name]) => name).join(", ")} set but ${missing.join(", ")} missing. ` +
        "Set all of the Google and Stripe keys to use the real services, none of them for the local sandbox " +
        "(or SANDBOX=on to use the stand-ins with these keys).",
    );
  }

  // The sandbox hands out verification codes and lets anyone sign in as anyone: by default it
  // listens on loopback only, and a reachable host needs the explicit SANDBOX=on.
  const host = env.HOST ?? (sandbox ? "127.0.0.1" : "0.0.0.0");
  if (sandbox && env.SANDBOX !== "on" && !isLoopbackHost(host)) {
    throw new ConfigError(
      `Invalid configuration: HOST=${host} is reachable from other machines, and without the Google ` +
        "and Stripe keys Reachout would run its sandbox there (stand-in sign-in, readable verification " +
        "codes). Set the keys, listen on 127.0.0.1, or set SANDBOX=on if the sandbox is really meant " +
        "to be reachable.",
    );
  }

  if (isProduction) {
    const missing = [
      !env.JWT_SECRET && "JWT_SECRET",
      !env.TOKEN_ENCRYPTION_KEY && "TOKEN_ENCRYPTION_KEY",
      !env.DATABASE_URL && "DATABASE_URL",
      !hasGoogle && "GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET",
      !hasStripe && "STRIPE_SECRET_KEY/STRIPE_WEBHOOK_SECRET",
      // The sandbox's price ids mean nothing to Stripe: a checkout would fail only when someone pays.
      !env.STRIPE_PRICE_GOLD && "STRIPE_PRICE_GOLD",
      !env.STRIPE_PRICE_BLACK && "STRIPE_PRICE_BLACK",
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new ConfigError(`Invalid configuration: production needs ${missing.join(", ")}`);
    }
  }

  const sandboxUrl = `${publicUrl}/__sandbox`;
  const jwtSecret = env.JWT_SECRET
    ? new TextEncoder().encode(env.JWT_SECRET)
    : new Uint8Array(localSecret(dataDir, "jwt-secret", 48));
  const jwtPreviousSecrets = (env.JWT_PREVIOUS_SECRET ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean)
    .map((secret) => new TextEncoder().encode(secret));
  const tokenEncryptionKey = keyRing(
    env.TOKEN_ENCRYPTION_KEY
      ? env.TOKEN_ENCRYPTION_KEY.split(",").map((key) => Buffer.from(key.trim(), "base64"))
      : [localSecret(dataDir, "token-key", 32)],
  );

  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicUrl,
    logLevel: env.LOG_LEVEL,
    database: env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX }
      : { kind: "pglite", dataDir: path.join(dataDir, "pglite") },
    dataDir,
    jwtSecret,
    jwtPreviousSecrets,
    tokenEncryptionKey,
    sessionTtlHours: env.SESSION_TTL_HOURS,
    sandbox,
    sandboxOpen: env.SANDBOX === "on",
    mail: {
      smtpUrl: env.SMTP_URL,
      retryDelaySeconds: env.SYSTEM_EMAIL_RETRY_DELAY_SECONDS,
      from: env.MAIL_FROM,
      supportEmail: env.SUPPORT_EMAIL,
      businessEmail: env.BUSINESS_EMAIL,
      salesEmail: env.SALES_EMAIL,
    },
    google: {
      clientId:
        sandbox && !hasGoogle ? "reachout-sandbox.apps.example" : (env.GOOGLE_CLIENT_ID ?? ""),
      clientSecret: sandbox && !hasGoogle ? "sandbox-secret" : (env.GOOGLE_CLIENT_SECRET ?? ""),
      authUrl:
        env.GOOGLE_AUTH_URL ??
        (sandbox
          ? `${sandboxUrl}/google/authorize`
          : "https://accounts.google.com/o/oauth2/v2/auth"),
      tokenUrl:
        env.GOOGLE_TOKEN_URL ??
        (sandbox ? `${sandboxUrl}/google/token` : "https://oauth2.googleapis.com/token"),
      userinfoUrl:
        env.GOOGLE_USERINFO_URL ??
        (sandbox
          ? `${sandboxUrl}/google/userinfo`
          : "https://openidconnect.googleapis.com/v1/userinfo"),
      jwksUrl:
        env.GOOGLE_JWKS_URL ??
        (sandbox ? `${sandboxUrl}/google/jwks` : "https://www.googleapis.com/oauth2/v3/certs"),
      issuer:
        env.GOOGLE_ISSUER ?? (sandbox ? `${sandboxUrl}/google` : "https://accounts.google.com"),
      gmailApiUrl:
        env.GMAIL_API_URL ?? (sandbox ? `${sandboxUrl}/gmail` : "https://gmail.googleapis.com"),
    },
    microsoft: {
      enabled: hasMicrosoft || sandbox,
      clientId:
        sandbox && !hasMicrosoft
          ? "00000000-0000-4000-8000-00000000ae01"
          : (env.MICROSOFT_CLIENT_ID ?? ""),
      clientSecret:
        sandbox && !hasMicrosoft ? "sandbox-microsoft-secret" : (env.MICROSOFT_CLIENT_SECRET ?? ""),
      authorityUrl: (
        env.MICROSOFT_AUTHORITY_URL ??
        (sandbox && !hasMicrosoft
          ? `${sandboxUrl}/microsoft/common`
          : "https://login.microsoftonline.com/common")
      ).replace(/\/$/, ""),
      graphUrl: (
        env.MICROSOFT_GRAPH_URL ??
        (sandbox && !hasMicrosoft ? `${sandboxUrl}/microsoft` : "https://graph.microsoft.com")
      ).replace(/\/$/, ""),
    },
    gmailPush:
      env.GMAIL_PUSH_TOPIC || sandbox
        ? {
            topicName: env.GMAIL_PUSH_TOPIC ?? "projects/reachout-sandbox/topics/gmail-push",
            audience: env.GMAIL_PUSH_AUDIENCE ?? `${publicUrl}/api/gmail/push`,
            serviceAccount:
              env.GMAIL_PUSH_SERVICE_ACCOUNT ??
              "gmail-push@reachout-example.iam.gserviceaccount.com",
          }
        : undefined,
    microsoftPush: microsoftPushConfig(env, { publicUrl, sandbox, hasMicrosoft }),
    sending: {
      dailyCap: env.GMAIL_DAILY_CAP,
      minSpacingSeconds: env.GMAIL_MIN_SPACING_SECONDS,
      sendingLeaseSeconds: env.GMAIL_SENDING_LEASE_SECONDS,
      sendTimeoutSeconds: env.MAILBOX_SEND_TIMEOUT_SECONDS,
      unconfirmedGraceSeconds: env.GMAIL_UNCONFIRMED_GRACE_SECONDS,
      warmupStartCap: env.GMAIL_WARMUP_START_CAP,
      warmupDailyIncrease: env.GMAIL_WARMUP_DAILY_INCREASE,
      retryBaseSeconds: env.GMAIL_RETRY_BASE_SECONDS,
    },
    sequences: {
      minuteMs: env.SEQUENCE_MINUTE_SECONDS * 1000,
      sweepSeconds: env.SEQUENCE_SWEEP_SECONDS,
      defaultWindow: env.SEQUENCE_DEFAULT_WINDOW === "on",
    },
    recipientWeeklyCap: env.RECIPIENT_WEEKLY_CAP,
    warmOrderKeep: env.WARM_ORDER_KEEP,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY ?? "sk_test_sandbox",
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? "whsec_sandbox",
      apiUrl: env.STRIPE_API_URL ?? (sandbox ? `${sandboxUrl}/stripe` : undefined),
      prices: {
        gold: env.STRIPE_PRICE_GOLD ?? "price_gold_monthly",
        black: env.STRIPE_PRICE_BLACK ?? "price_black_monthly",
      },
    },
    llm:
      env.LLM_BASE_URL && env.LLM_API_KEY
        ? {
            baseUrl: env.LLM_BASE_URL,
            apiKey: env.LLM_API_KEY,
            model: env.LLM_MODEL,
            timeoutMs: env.LLM_TIMEOUT_MS,
          }
        : undefined,
    news: env.NEWS_API_KEY
      ? { apiKey: env.NEWS_API_KEY, baseUrl: env.NEWS_API_URL ?? "https://newsapi.org" }
      : sandbox
        ? // The stand-in's key (sandbox/src/news.ts): the same HTTP code path as production.
          { apiKey: "sandbox-news-key", baseUrl: env.NEWS_API_URL ?? `${sandboxUrl}/news` }
        : undefined,
    apollo: env.APOLLO_API_KEY
      ? { apiKey: env.APOLLO_API_KEY, baseUrl: env.APOLLO_BASE_URL }
      : undefined,
    adminEmails: env.ADMIN_EMAILS.split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    rateLimit: { max: env.RATE_LIMIT_MAX, authMax: env.AUTH_RATE_LIMIT_MAX },
    seedDemo: env.SEED_DEMO === "true",
    runWorkers:
      env.PROCESS_ROLE === "worker" || (env.PROCESS_ROLE === "all" && env.RUN_WORKERS === "true"),
    role: env.PROCESS_ROLE,
    migrateOnStart: env.MIGRATE_ON_START
      ? env.MIGRATE_ON_START === "true"
      : env.PROCESS_ROLE === "all",
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : undefined,
    metricsToken: env.METRICS_TOKEN,
    metricsPort: env.METRICS_PORT,
  };
}
