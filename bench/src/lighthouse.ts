/**
 * Real Lighthouse runs (npm `lighthouse` 12, the last major that runs on Node 20) in Debian's
 * Chromium: performance and accessibility of `/` and of `/my-network` for the user with 10,000
 * saved contacts, on Lighthouse's default mobile profile (simulated throttling) and its desktop
 * profile. The signed-in page gets its session the way the app keeps it, in localStorage, set
 * through Puppeteer before Lighthouse navigates with storage reset turned off.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import puppeteer from "puppeteer-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../e2e/chromium";
import { LOG_DIR } from "./processes";
import { type BenchUser, storedSession, writeStoredSession } from "./seed-data";

export const LIGHTHOUSE_TARGET = 95;
/** Lighthouse scores move from run to run; each page is audited this often and the median kept. */
export const LIGHTHOUSE_RUNS = 3;
export const LIGHTHOUSE_VERSION: string = createRequire(import.meta.url)(
  "lighthouse/package.json",
).version;

export interface LighthouseFigures {
  page: string;
  profile: "mobile" | "desktop";
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** Audits that cost points: accessibility failures and performance opportunities. */
  findings: string[];
  /** The performance score of every run, in order. */
  runs: number[];
}

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

function findings(lhr: Result): string[] {
  const out: string[] = [];
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
      out.push(`accessibility: ${audit.title}`);
    }
  }
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    const savings = audit.details?.type === "opportunity" ? audit.numericValue : undefined;
    if (!ref.group?.startsWith("metrics") && audit.score !== null && audit.score < 0.9) {
      out.push(
        `performance: ${audit.title}${savings ? ` (${Math.round(savings)} ms)` : ""}${audit.displayValue ? ` — ${audit.displayValue}` : ""}`,
      );
    }
  }
  return out;
}

const metric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

async function auditPage(
  port: number,
  url: string,
  profile: LighthouseFigures["profile"],
  user?: BenchUser,
): Promise<Omit<LighthouseFigures, "runs">> {
  const pathname = new URL(url).pathname;
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  try {
    if (user) {
      await page.goto(new URL("/privacy", url).href, { waitUntil: "load" });
      await page.evaluate(writeStoredSession, storedSession(user));
    }
    const flags = {
      port,
      output: "json" as const,
      logLevel: "error" as const,
      onlyCategories: ["performance", "accessibility"],
      // Keep the session set above; the HTTP cache is still cleared, so the load is cold.
      disableStorageReset: Boolean(user),
    };
    const runner = await lighthouse(
      url,
      flags,
      profile === "desktop" ? desktopConfig : undefined,
      page,
    );
    if (!runner) throw new Error(`lighthouse returned nothing for ${url}`);
    const { lhr } = runner;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
    const slug = pathname.replace(/\W+/g, "") || "home";
    writeFileSync(
      path.join(LOG_DIR, `lighthouse-${slug}-${profile}-${Date.now()}.json`),
      JSON.stringify(lhr),
    );
    return {
      page: pathname,
      profile,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcp: metric(lhr, "first-contentful-paint"),
      lcp: metric(lhr, "largest-contentful-paint"),
      tbt: metric(lhr, "total-blocking-time"),
      cls: metric(lhr, "cumulative-layout-shift"),
      speedIndex: metric(lhr, "speed-index"),
      findings: findings(lhr),
    };
  } finally {
    await page.close().catch(() => {});
    await browser.disconnect();
  }
}

/** One audit, tried again once when Chromium's trace comes back broken (NO_NAVSTART and kin). */
async function auditWithRetry(...args: Parameters<typeof auditPage>) {
  try {
    return await auditPage(...args);
  } catch (error) {
    console.log(`  lighthouse failed once (${(error as Error).message}); trying again`);
    return auditPage(...args);
  }
}

/**
 * Lighthouse on `/` and `/my-network`, mobile then desktop, {@link LIGHTHOUSE_RUNS} times each,
 * in one fresh Chromium; keeps the median run by performance score.
 */
export async function runLighthouse(
  baseUrl: string,
  user: BenchUser,
  chromePath = CHROMIUM_PATH,
): Promise<LighthouseFigures[]> {
  mkdirSync(LOG_DIR, { recursive: true });
  const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    const figures: LighthouseFigures[] = [];
    for (const profile of ["mobile", "desktop"] as const) {
      for (const target of [{ path: "/" }, { path: "/my-network", user }]) {
        const runs = [];
        for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
          runs.push(
            await auditWithRetry(chrome.port, `${baseUrl}${target.path}`, profile, target.user),
          );
        }
        const median = [...runs].sort((a, b) => a.performance - b.performance)[
          Math.floor(runs.length / 2)
        ];
        console.log(
          `  lighthouse ${target.path} ${profile}: performance ${median.performance} (runs ${runs.map((r) => r.performance).join(", ")}), accessibility ${median.accessibility}`,
        );
        figures.push({ ...median, runs: runs.map((r) => r.performance) });
      }
    }
    return figures;
  } finally {
    chrome.kill();
  }
}
