/**
 * The web app in Debian's Chromium: Lighthouse (performance and accessibility) for `/` and for
 * `/my-network` of the user with 10,000 saved contacts, and the main thread while filtering
 * those 10,000 contacts (Playwright, CDP: long tasks and input-to-paint times), on a desktop
 * profile and on Lighthouse's phone CPU (4x slowdown).
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../e2e/chromium";
import {
  LIGHTHOUSE_RUNS,
  LIGHTHOUSE_TARGET,
  LIGHTHOUSE_VERSION,
  type LighthouseFigures,
  runLighthouse,
} from "./lighthouse";
import { ROOT, startAppServer } from "./processes";
import { type BenchUser, storedSession, writeStoredSession } from "./seed-data";

export const WEB_DIST = path.join(os.tmpdir(), "reachout-bench-web");
const LONG_TASK_BUDGET_MS = 50;

interface Profile {
  name: "desktop" | "mobile";
  viewport: { width: number; height: number };
  cpuSlowdown: number;
}

const PROFILES: Profile[] = [
  { name: "desktop", viewport: { width: 1280, height: 800 }, cpuSlowdown: 1 },
  { name: "mobile", viewport: { width: 390, height: 844 }, cpuSlowdown: 4 },
];

export interface FilterFigures {
  profile: Profile["name"];
  /** The first filter fetches every saved contact: its longest task. */
  loadAllMaxTask: number;
  loadAllMs: number;
  keystrokes: number;
  maxLongTask: number;
  longTasks: number;
  /** Longest input-to-paint of a keystroke or filter change (Event Timing). */
  maxInteraction: number;
}

export interface WebReport {
  lighthouse: LighthouseFigures[];
  filtering: FilterFigures[];
  misses: string[];
  markdown: string[];
}

/** Installed before any page script: collects long-task and event-timing entries. */
const OBSERVERS = `
  window.__perf = { longTasks: [], events: [] };
  const watch = (type, fn, extra) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe({ type, buffered: true, ...extra }); } catch {}
  };
  watch("longtask", (e) => { window.__perf.longTasks.push({ start: e.startTime, duration: e.duration }); });
  watch("event", (e) => { if (e.interactionId) window.__perf.events.push({ name: e.name, start: e.startTime, duration: e.duration }); }, { durationThreshold: 16 });
`;

interface Collected {
  longTasks: Array<{ start: number; duration: number }>;
  events: Array<{ name: string; start: number; duration: number }>;
}

const collect = (page: Page) =>
  page.evaluate(() => (window as unknown as { __perf: Collected }).__perf);

async function newContext(browser: Browser, profile: Profile, user: BenchUser) {
  const context = await browser.newContext({ viewport: profile.viewport });
  await context.addInitScript(OBSERVERS);
  await context.addInitScript(writeStoredSession, storedSession(user));
  return context;
}

async function throttleCpu(context: BrowserContext, page: Page, profile: Profile) {
  if (profile.cpuSlowdown <= 1) return;
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpuSlowdown });
}

const savedContacts = (page: Page) => page.getByRole("list", { name: "Saved contacts" });

/**
 * Types into My Network's search box, timing every task and input. CPU slowdown only: this is
 * about the main thread, and on the slow network the first filter would wait minutes for the
 * rest of the contacts to arrive.
 */
async function measureFiltering(
  browser: Browser,
  baseUrl: string,
  profile: Profile,
  user: BenchUser,
  saved: number,
): Promise<FilterFigures> {
  const context = await newContext(browser, profile, user);
  try {
    const page = await context.newPage();
    await throttleCpu(context, page, profile);
    await page.goto(`${baseUrl}/my-network`, { waitUntil: "load" });
    await savedContacts(page).waitFor({ timeout: 120_000 });
    await page.waitForTimeout(1500);
    const search = page.getByLabel("Search contacts");
    const mark = () => page.evaluate(() => performance.now());

    // The first filter loads every saved contact (the rest of the 10,000): done when the count
    // shows them all.
    const loadStart = await mark();
    await search.pressSequentially("a", { delay: 0 });
    await page.getByText(new RegExp(`^${saved} saved contacts$`)).waitFor({ timeout: 180_000 });
    await page.waitForTimeout(1000);
    const loadEnd = await mark();

    const typed = "son";
    for (const key of typed) {
      await search.press(key);
      await page.waitForTimeout(300);
    }
    for (let i = 0; i < typed.length + 1; i++) {
      await search.press("Backspace");
      await page.waitForTimeout(300);
    }
    await search.pressSequentially("new york", { delay: 150 });
    await page.waitForTimeout(500);
    const end = await mark();
    const c = await collect(page);
    const loading = c.longTasks.filter((t) => t.start >= loadStart && t.start < loadEnd);
    const filtering = c.longTasks.filter((t) => t.start >= loadEnd && t.start <= end);
    const interactions = c.events.filter((e) => e.start >= loadEnd && e.start <= end);
    return {
      profile: profile.name,
      loadAllMaxTask: Math.max(0, ...loading.map((t) => t.duration)),
      loadAllMs: loadEnd - loadStart,
      keystrokes: typed.length * 2 + 1 + "new york".length,
      maxLongTask: Math.max(0, ...filtering.map((t) => t.duration)),
      longTasks: filtering.length,
      maxInteraction: Math.max(0, ...interactions.map((e) => e.duration)),
    };
  } finally {
    await context.close();
  }
}

function buildWeb(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(ROOT, "node_modules/vite/bin/vite.js"),
        "build",
        "--outDir",
        WEB_DIST,
        "--emptyOutDir",
      ],
      { cwd: path.join(ROOT, "web"), stdio: ["ignore", "ignore", "inherit"] },
    );
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build exited ${code}`)),
    );
  });
}

const ms = (v: number) => `${Math.round(v)} ms`;

function render(report: Omit<WebReport, "markdown" | "misses">): string[] {
  const lines = [
    "### Web app in Chromium",
    "",
    `Lighthouse ${LIGHTHOUSE_VERSION} (npm \`lighthouse\`, Debian Chromium), performance and accessibility categories, each page cold (HTTP cache cleared), the median of ${LIGHTHOUSE_RUNS} runs by performance score. Mobile is Lighthouse's default (Moto G Power emulation, simulated slow 4G, 4x CPU); desktop is its desktop configuration. \`/my-network\` is opened as the user with 10,000 saved contacts.`,
    "",
    "| page | profile | performance | accessibility | FCP | LCP | TBT | CLS | Speed Index | all runs (performance) |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...report.lighthouse.map(
      (l) =>
        `| \`${l.page}\` | ${l.profile} | ${l.performance} | ${l.accessibility} | ${ms(l.fcp)} | ${ms(l.lcp)} | ${ms(l.tbt)} | ${l.cls.toFixed(3)} | ${ms(l.speedIndex)} | ${l.runs.join(", ")} |`,
    ),
    "",
    "What still cost points (from the median run):",
    "",
    ...report.lighthouse.map(
      (l) =>
        `- \`${l.page}\` ${l.profile}: ${l.findings.length === 0 ? "nothing" : l.findings.join("; ")}`,
    ),
    "",
    "Filtering My Network's 10,000 saved contacts (the search box, one key at a time; CPU slowdown only, so the first filter does not wait on a slow network):",
    "",
    "| profile | first filter: loading all contacts | its longest task | keystrokes | long tasks while filtering | longest task | longest input to paint |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...report.filtering.map(
      (f) =>
        `| ${f.profile} | ${ms(f.loadAllMs)} | ${ms(f.loadAllMaxTask)} | ${f.keystrokes} | ${f.longTasks} | ${ms(f.maxLongTask)} | ${ms(f.maxInteraction)} |`,
    ),
  ];
  return lines;
}

export async function measureWeb(options: {
  env: NodeJS.ProcessEnv;
  port: number;
  user: BenchUser;
  /** How many contacts the user saved. */
  saved: number;
}): Promise<WebReport> {
  console.log(`  building the web app into ${WEB_DIST}`);
  await buildWeb();
  const server = await startAppServer(
    { ...options.env, WEB_DIST, RUN_WORKERS: "false" },
    options.port,
  );
  try {
    const lighthouse = await runLighthouse(server.baseUrl, options.user);
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
    const filtering: FilterFigures[] = [];
    try {
      for (const profile of PROFILES) {
        const figures = await measureFiltering(
          browser,
          server.baseUrl,
          profile,
          options.user,
          options.saved,
        );
        console.log(
          `  filtering ${profile.name}: longest task ${ms(figures.maxLongTask)}, loading all: ${ms(figures.loadAllMaxTask)} task`,
        );
        filtering.push(figures);
      }
    } finally {
      await browser.close();
    }
    const misses: string[] = [];
    for (const l of lighthouse) {
      for (const category of ["performance", "accessibility"] as const) {
        if (l[category] < LIGHTHOUSE_TARGET) {
          misses.push(
            `Lighthouse ${category} of \`${l.page}\` (${l.profile}) ${l[category]} (target >= ${LIGHTHOUSE_TARGET})`,
          );
        }
      }
    }
    const desktop = filtering.find((f) => f.profile === "desktop");
    if (desktop && desktop.maxLongTask > LONG_TASK_BUDGET_MS) {
      misses.push(
        `My Network filtering: a ${ms(desktop.maxLongTask)} task (budget ${LONG_TASK_BUDGET_MS} ms)`,
      );
    }
    return { lighthouse, filtering, misses, markdown: render({ lighthouse, filtering }) };
  } finally {
    await server.stop();
  }
}
