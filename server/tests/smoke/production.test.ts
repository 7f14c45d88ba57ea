import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../scripts/fresh-database.mjs";
import { type ServerProcess, spawnServerProcess } from "../faults/processes";
import { buildDocx, multipartBody } from "../files";
import { until } from "../until";
import { type Balancer, startBalancer } from "./balancer";
import { seriesSum } from "./metrics-text";

/**
 * The production smoke run (issue 39): the built bundle on a fresh PostgreSQL database, as a
 * release runs it. `npm run migrate`, then one worker and two web processes with
 * NODE_ENV=production behind a round-robin proxy; Google, Gmail, Microsoft and Stripe are the
 * stand-ins in a process of their own, reached only through the configured URLs, and SMTP is a
 * real SMTP server. A student signs up (the emailed code), uploads a resume, connects Gmail and
 * sends one email; the recipient's reply reaches the app through Gmail push; one web process
 * gets SIGTERM under load and no request fails; /metrics shows the send.
 *
 * Runs when SMOKE_DATABASE_URL names a PostgreSQL server (scripts/test.mjs sets it after the
 * build); it needs server/dist from `npm run build`.
 */
const ADMIN_URL = process.env.SMOKE_DATABASE_URL;
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const REPO_DIR = path.resolve(SERVER_DIR, "..");

/** Written by the run and never to be logged: an email body and a line of the resume. */
const EMAIL_BODY = "Hi Grace, the quokka census numbers you asked about: 4417.";
const RESUME_LINE = "Built the Wombat Ledger forecasting model (92% accuracy)";

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** A TCP port free right now (the processes must know each other's addresses before they start). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Polls `read` until it answers something truthy; a probe that throws (a process still
 * starting) counts as not yet.
 */
const waitUntil = <T>(label: string, read: () => Promise<T | undefined | null | false>) =>
  until(label, () => read().catch(() => undefined), 20_000);

async function smokeDatabase(adminUrl: string) {
  const url = await freshDatabase(adminUrl, `ro_smoke_${randomBytes(5).toString("hex")}`);
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(async () => {
    await client.end();
    const drop = new pg.Client({ connectionString: adminUrl });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`);
    await drop.end();
  });
  return { url, client };
}

/** A real SMTP server keeping every message (the verification code arrives here). */
async function smtpCatcher() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${port}`, received };
}

/** The stand-ins as their own process (sandbox/src/serve.ts), pushing Gmail changes to the app. */
async function startStandIns(port: number, appUrl: string, webhookSecret: string) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(REPO_DIR, "sandbox/src/serve.ts")],
    {
      cwd: REPO_DIR,
      env: {
        ...process.env,
        NODE_OPTIONS: "",
        PORT: String(port),
        APP_URL: appUrl,
        GMAIL_PUSH: "on",
        STRIPE_WEBHOOK_SECRET: webhookSecret,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  cleanups.push(() => stop(child));
  let output = "";
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      if (output.includes("sandbox stand-ins at")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`stand-ins exited (${code}):\n${output}`)));
  });
  return `http://127.0.0.1:${port}/__sandbox`;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

/** What a production deployment configures, pointed at the stand-ins. */
function productionEnv(options: {
  databaseUrl: string;
  publicUrl: string;
  standIns: string;
  smtpUrl: string;
  webhookSecret: string;
}): Record<string, string> {
  const { standIns, publicUrl } = options;
  return {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PUBLIC_URL: publicUrl,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "reachout-smoke-")),
    // The production level: every request's line and every job's, searched for secrets below.
    LOG_LEVEL: "info",
    DATABASE_URL: options.databaseUrl,
    JWT_SECRET: randomBytes(48).toString("base64"),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    SMTP_URL: options.smtpUrl,
    GOOGLE_CLIENT_ID: "reachout-sandbox.apps.example",
    GOOGLE_CLIENT_SECRET: "sandbox-secret",
    GOOGLE_AUTH_URL: `${standIns}/google/authorize`,
    GOOGLE_TOKEN_URL: `${standIns}/google/token`,
    GOOGLE_USERINFO_URL: `${standIns}/google/userinfo`,
    GOOGLE_JWKS_URL: `${standIns}/google/jwks`,
    GOOGLE_ISSUER: `${standIns}/google`,
    GMAIL_API_URL: `${standIns}/gmail`,
    GMAIL_PUSH_TOPIC: "projects/reachout-sandbox/topics/gmail-push",
    GMAIL_PUSH_AUDIENCE: `${publicUrl}/api/gmail/push`,
    GMAIL_PUSH_SERVICE_ACCOUNT: "gmail-push@reachout-example.iam.gserviceaccount.com",
    MICROSOFT_CLIENT_ID: "00000000-0000-4000-8000-00000000ae01",
    MICROSOFT_CLIENT_SECRET: "sandbox-microsoft-secret",
    MICROSOFT_AUTHORITY_URL: `${standIns}/microsoft/common`,
    MICROSOFT_GRAPH_URL: `${standIns}/microsoft`,
    STRIPE_SECRET_KEY: "sk_test_smoke",
    STRIPE_WEBHOOK_SECRET: options.webhookSecret,
    STRIPE_API_URL: `${standIns}/stripe`,
    STRIPE_PRICE_GOLD: "price_gold_monthly",
    STRIPE_PRICE_BLACK: "price_black_monthly",
    // Every request of the run comes from one address (the proxy's): not what the per-IP
    // limits are about.
    RATE_LIMIT_MAX: "100000",
    AUTH_RATE_LIMIT_MAX: "1000",
  };
}

/** `npm run migrate` against the database, as a release's first step. */
async function migrate(databaseUrl: string): Promise<string> {
  const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "migrate"], {
    cwd: REPO_DIR,
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production" },
  });
  return stdout;
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Sends requests through the proxy, `workers` at a time, until stopped; counts the outcomes. */
function startLoad(url: string, headers: Record<string, string>, workers: number) {
  let running = true;
  const outcomes = { ok: 0, failed: 0, failures: [] as string[] };
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const response = await fetch(url, { headers }).catch((error: Error) => error);
      if (response instanceof Response && response.status === 200) {
        await response.arrayBuffer();
        outcomes.ok++;
      } else {
        outcomes.failed++;
        outcomes.failures.push(
          response instanceof Response
            ? `${response.status} ${await response.text()}`
            : String(response),
        );
      }
    }
  });
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

async function scrape(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return response.text();
}

describe.runIf(ADMIN_URL)("production smoke run", () => {
  it("migrates, serves from two web processes and a worker, sends, sees the reply, survives a SIGTERM", async () => {
    expect(existsSync(path.join(SERVER_DIR, "dist/main.js")), "run `npm run build` first").toBe(
      true,
    );
    const phases: Record<string, number> = {};
    let mark = Date.now();
    const phase = (name: string) => {
      phases[name] = Date.now() - mark;
      mark = Date.now();
    };
    const started = Date.now();

    const { url: databaseUrl, client: db } = await smokeDatabase(ADMIN_URL as string);
    const smtp = await smtpCatcher();
    const [standInPort, webPortA, webPortB, workerMetricsPort] = await Promise.all(
      Array.from({ length: 4 }, freePort),
    );
    const webA = `http://127.0.0.1:${webPortA}`;
    const webB = `http://127.0.0.1:${webPortB}`;
    const balancer: Balancer = await startBalancer([webA, webB]);
    cleanups.push(() => balancer.close());
    const webhookSecret = `whsec_${randomBytes(12).toString("hex")}`;
    const [standIns, migrated] = await Promise.all([
      startStandIns(standInPort, balancer.url, webhookSecret),
      migrate(databaseUrl),
    ]);
    expect(migrated).toMatch(/applied \d+ migration/);
    phase("migrate and stand-ins");

    const env = productionEnv({
      databaseUrl,
      publicUrl: balancer.url,
      standIns,
      smtpUrl: smtp.url,
      webhookSecret,
    });
    const processes: ServerProcess[] = [];
    const launch = (extra: Record<string, string>, readyText?: string) => {
      const server = spawnServerProcess({ ...env, ...extra }, { built: true, readyText });
      processes.push(server);
      cleanups.push(() => stop(server.child));
      return server;
    };
    const worker = launch(
      { PROCESS_ROLE: "worker", METRICS_PORT: String(workerMetricsPort) },
      "job worker is running",
    );
    const web = [
      launch({ PROCESS_ROLE: "web", PORT: String(webPortA) }),
      launch({ PROCESS_ROLE: "web", PORT: String(webPortB) }),
    ];
    await Promise.all(processes.map((p) => p.ready));
    for (const backend of [webA, webB]) {
      expect((await fetch(`${backend}/api/ready`)).status).toBe(200);
    }
    phase("processes ready");

    // Sign up with the emailed code, then log in.
    const api = balancer.url;
    const email = `smoke.${randomBytes(4).toString("hex")}@uni.example`;
    const password = `Smoke-${randomBytes(9).toString("base64url")}`;
    const post = (url: string, body: unknown, token?: string, requestId?: string) =>
      fetch(`${api}${url}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(requestId ? { "x-request-id": requestId } : {}),
        },
        body: JSON.stringify(body),
      });
    // The proxy's request id: the sign-up's line and the worker's line for the email it queued.
    const signupId = `smoke-signup-${randomBytes(4).toString("hex")}`;
    expect(
      (
        await post(
          "/api/auth/signup",
          { email, password, full_name: "Ada Smoke" },
          undefined,
          signupId,
        )
      ).status,
    ).toBe(201);
    const code = await waitUntil("the verification email", async () => {
      const mail = smtp.received.find((m) => m.includes(email));
      return mail
        ?.split("\r\n\r\n")
        .slice(1)
        .join("\n")
        .match(/\b(\d{6})\b/)?.[1];
    });
    await json(
      await post(`/api/auth/verify-code?email=${encodeURIComponent(email)}&code=${code}`, {}),
    );
    const { access_token: token } = await json<{ access_token: string }>(
      await post("/api/auth/login", { email, password }),
    );
    const auth = { authorization: `Bearer ${token}` };
    const secrets: Record<string, string> = {
      password,
      "verification code": String(code),
      "session token": token,
    };
    phase("sign-up");

    // A resume (every email carries it) and a contact to write to.
    const resume = multipartBody(
      "resume",
      "Ada_Smoke_Resume.docx",
      buildDocx(["Ada Smoke", "Economics, Class of 2027", RESUME_LINE]),
    );
    const uploaded = await fetch(`${api}/api/resumes/upload`, {
      method: "POST",
      headers: { ...resume.headers, ...auth },
      body: resume.payload,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBeLessThan(300);
    const contact = await json<{ id: string }>(
      await post(
        "/api/my-network/contacts",
        { full_name: "Grace Reply", email: "grace@firm.example" },
        token,
      ),
    );

    // Connect Gmail: the app's consent URL, the stand-in's consent form, the callback.
    const startResponse = await post("/api/auth/google/start", {}, token);
    const cookie = (startResponse.headers.get("set-cookie") ?? "").split(";")[0];
    const consentUrl = new URL((await json<{ url: string }>(startResponse)).url);
    expect(consentUrl.origin).toBe(new URL(standIns).origin);
    const gmail = `ada.smoke.${randomBytes(3).toString("hex")}@gmail.example`;
    const form = new URLSearchParams(consentUrl.searchParams);
    form.set("email", gmail);
    form.set("name", "Ada Smoke");
    form.set("decision", "allow");
    const consent = await fetch(`${consentUrl.origin}${consentUrl.pathname}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      redirect: "manual",
    });
    expect(consent.status).toBe(302);
    const callback = new URL(String(consent.headers.get("location")));
    secrets["Google authorization code"] = String(callback.searchParams.get("code"));
    secrets["OAuth state"] = String(callback.searchParams.get("state"));
    expect(callback.origin).toBe(api);
    const landed = await fetch(callback, { headers: { cookie }, redirect: "manual" });
    expect(landed.status).toBe(302);
    expect(landed.headers.get("location"), callback.href).not.toMatch(/error/);
    expect(await json(await fetch(`${api}/api/auth/gmail/status`, { headers: auth }))).toEqual({
      connected: true,
    });
    phase("resume, contact, Gmail connected");

    // Send one email; Gmail (the stand-in) has it.
    const sent = await json<{ status: string }>(
      await post(
        `/api/emails/send/${contact.id}`,
        { subject: "Hello Grace", body: EMAIL_BODY },
        token,
      ),
    );
    expect(sent.status).toBe("sent");
    const [atGmail] = await json<Array<{ thread_id: string; to: string }>>(
      await fetch(`${standIns}/gmail/sent.json?from=${encodeURIComponent(gmail)}`),
    );
    expect(atGmail.to).toBe("grace@firm.example");
    secrets["email body"] = EMAIL_BODY;
    secrets["resume text"] = RESUME_LINE;
    phase("send");

    // The reply: Gmail pushes the change (the worker watched the mailbox after the connect), a
    // web process takes the push and queues a sync, the worker stores the reply. Nothing here
    // opens the thread before the row exists, so no request-time sync can have found it.
    await waitUntil("the mailbox watch", async () => {
      const watch = await json<{ watching: boolean }>(
        await fetch(`${standIns}/gmail/watch.json?address=${encodeURIComponent(gmail)}`),
      );
      return watch.watching;
    });
    const replied = await fetch(`${standIns}/gmail/reply`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ thread_id: atGmail.thread_id, text: "Hi Ada, happy to chat Friday." }),
    });
    expect(replied.status).toBe(201);
    await waitUntil("the reply stored", async () => {
      const { rows } = await db.query(
        "select count(*)::int as n from email_messages where contact_id = $1 and direction = 'inbound'",
        [contact.id],
      );
      return rows[0].n === 1;
    });
    const thread = await json<{ replied: boolean; messages: Array<{ sender: string }> }>(
      await fetch(`${api}/api/emails/thread/${contact.id}`, { headers: auth }),
    );
    expect(thread.replied).toBe(true);
    expect(thread.messages.map((m) => m.sender)).toEqual(["user", "contact"]);
    phase("reply through push");

    // /metrics shows the send (on whichever web process served it) and the push that brought
    // the reply; Prometheus scrapes each process and sums, and so does this.
    const webTexts = await Promise.all([webA, webB].map((backend) => scrape(`${backend}/metrics`)));
    const summed = (name: string, labels: Record<string, string>) =>
      webTexts.reduce((sum, text) => sum + seriesSum(text, name, labels), 0);
    expect(summed("reachout_sends_total", { provider: "gmail", outcome: "sent" })).toBe(1);
    expect(summed("reachout_push_notifications_total", { provider: "gmail" })).toBeGreaterThan(0);
    expect(
      summed("reachout_http_request_duration_seconds_count", {
        route: "/api/auth/signup",
        status: "201",
      }),
    ).toBe(1);

    // SIGTERM one web process under load: its requests in flight finish, the proxy sends new
    // ones to the other, and no request fails.
    const load = startLoad(`${api}/api/emails/thread/${contact.id}`, auth, 8);
    await waitUntil("load under way", async () => load.outcomes.ok >= 50);
    const inFlightAtStop = balancer.inFlight()[webA];
    web[0].child.kill("SIGTERM");
    expect(await web[0].exited, web[0].output()).toBe(0);
    const okAtExit = load.outcomes.ok;
    await waitUntil("load after the stop", async () => load.outcomes.ok >= okAtExit + 50);
    const outcomes = await load.stop();
    expect(outcomes.failures).toEqual([]);
    expect(outcomes.failed).toBe(0);
    phase("SIGTERM under load");

    // The logs: the sign-up's one line at the web process that served it, the worker's line
    // for the verification email it queued, under the same id; and no secret anywhere.
    const webLog = web.map((w) => w.output()).join("\n");
    expect(webLog).toMatch(new RegExp(`"reqId":"${signupId}".*"route":"/api/auth/signup"`));
    expect(worker.output()).toMatch(
      new RegExp(`"requestId":"${signupId}","job":"system-email".*"msg":"job done"`),
    );
    const everything = [webLog, worker.output()].join("\n");
    for (const [name, value] of Object.entries(secrets)) {
      expect(everything.includes(value), `a log line holds the ${name}`).toBe(false);
    }

    // The worker serves its own metrics: the queues it works, read from the database.
    const workerText = await scrape(`http://127.0.0.1:${workerMetricsPort}/metrics`);
    expect(workerText).toMatch(/^reachout_job_queue_depth\{queue="emails.reply-sync"\} \d+/m);
    expect(seriesSum(workerText, "reachout_reply_sync_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(workerText).toContain("reachout_outbox_backlog");
    phase("metrics");

    const seconds = (Date.now() - started) / 1000;
    console.info(
      `production smoke: ${seconds.toFixed(1)} s in all; phases (ms) ${JSON.stringify(phases)}; ` +
        `load ${outcomes.ok} ok / ${outcomes.failed} failed, ${inFlightAtStop} in flight at the SIGTERM, ` +
        `${balancer.retried()} passed on after a refused or reset connection`,
    );
    worker.child.kill("SIGTERM");
    web[1].child.kill("SIGTERM");
    expect(await Promise.all([worker.exited, web[1].exited])).toEqual([0, 0]);
  }, 120_000);
});
