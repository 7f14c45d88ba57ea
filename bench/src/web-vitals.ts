/**
 * The web app in Debian's Chromium (Playwright, CDP): Core Web Vitals of `/` and of
 * `/my-network` for the user with 10,000 saved contacts, on a desktop profile and on
 * Lighthouse's mobile profile (4x CPU slowdown, 150 ms RTT, 1.6 Mbps), long tasks while
 * filtering those 10,000 contacts, and a few accessibility-tree checks. The npm `lighthouse`
 * package needs Node 22, so the scores here are estimates from Lighthouse's own scoring curves.
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";
import { LOCAL_KEYS } from "@reachout/contract";
import { ROOT, startAppServer } from "./processes";
import type { BenchUser } from "./seed-data";

export const WEB_DIST = path.join(os.tmpdir(), "reachout-bench-web");
const LONG_TASK_BUDGET_MS = 50;
const SCORE_TARGET = 95;

interface Profile {
  name: "desktop" | "mobile";
  viewport: { width: number; height: number };
  cpuSlowdown: number;
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
  /** Lighthouse 12's log-normal curves: [p10, median] per metric. */
  curves: Record<"fcp" | "lcp" | "tbt" | "cls", [number, number]>;
}

const PROFILES: Profile[] = [
  {
    name: "desktop",
    viewport: { width: 1280, height: 800 },
    cpuSlowdown: 1,
    curves: { fcp: [934, 1600], lcp: [1200, 2400], tbt: [150, 350], cls: [0.1, 0.25] },
  },
  {
    name: "mobile",
    viewport: { width: 390, height: 844 },
    cpuSlowdown: 4,
    network: {
      latency: 150,
      downloadThroughput: (1638.4 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    },
    curves: { fcp: [1800, 3000], lcp: [2500, 4000], tbt: [200, 600], cls: [0.1, 0.25] },
  },
];

/** Lighthouse 12 performance weights without Speed Index (not measured here), renormalized. */
const WEIGHTS = { fcp: 10, lcp: 25, tbt: 30, cls: 25 };

export interface PageFigures {
  page: string;
  profile: Profile["name"];
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  longTasks: number;
  maxLongTask: number;
  scriptKb: number;
  estimatedScore: number;
}

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
  pages: PageFigures[];
  filtering: FilterFigures[];
  accessibility: Array<{ page: string; problems: string[] }>;
  misses: string[];
  markdown: string[];
}

/** Installed before any page script: collects paint, layout-shift, long-task and event entries. */
const OBSERVERS = `
  window.__perf = { lcp: 0, cls: 0, longTasks: [], events: [] };
  const watch = (type, fn, extra) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe({ type, buffered: true, ...extra }); } catch {}
  };
  watch("largest-contentful-paint", (e) => { window.__perf.lcp = e.startTime; });
  watch("layout-shift", (e) => { if (!e.hadRecentInput) window.__perf.cls += e.value; });
  watch("longtask", (e) => { window.__perf.longTasks.push({ start: e.startTime, duration: e.duration }); });
  watch("event", (e) => { if (e.interactionId) window.__perf.events.push({ name: e.name, start: e.startTime, duration: e.duration }); }, { durationThreshold: 16 });
`;

interface Collected {
  fcp: number;
  lcp: number;
  cls: number;
  longTasks: Array<{ start: number; duration: number }>;
  events: Array<{ name: string; start: number; duration: number }>;
  scriptBytes: number;
}

const collect = (page: Page) =>
  page.evaluate((): Collected => {
    const perf = (window as unknown as { __perf: Omit<Collected, "fcp" | "scriptBytes"> }).__perf;
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
    const scriptBytes = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((r) => r.initiatorType === "script" || r.name.endsWith(".js"))
      .reduce((sum, r) => sum + r.transferSize, 0);
    return { ...perf, fcp, scriptBytes };
  });

/** Abramowitz-Stegun erf, as Lighthouse's statistics module uses. */
function erf(x: number): number {
  const sign = Math.sign(x);
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-x * x);
  return sign * y;
}

function logNormalScore([p10, median]: [number, number], value: number): number {
  if (value <= 0) return 1;
  const standardized = (Math.log(value / median) * 0.9061938024368232) / -Math.log(p10 / median);
  return Math.min(1, Math.max(0, (1 - erf(standardized)) / 2));
}

function estimateScore(
  profile: Profile,
  m: { fcp: number; lcp: number; tbt: number; cls: number },
) {
  const total = Object.values(WEIGHTS).reduce((a, b) => a + b, 0);
  let score = 0;
  for (const [metric, weight] of Object.entries(WEIGHTS) as Array<[keyof typeof WEIGHTS, number]>) {
    score += weight * logNormalScore(profile.curves[metric], m[metric]);
  }
  return Math.round((score / total) * 100);
}

async function newContext(browser: Browser, profile: Profile, user?: BenchUser) {
  const context = await browser.newContext({ viewport: profile.viewport });
  await context.addInitScript(OBSERVERS);
  if (user) {
    await context.addInitScript(
      ([keys, token, stored]) => {
        localStorage.setItem(keys.token, token);
        localStorage.setItem(keys.user, stored);
      },
      [LOCAL_KEYS, user.token, JSON.stringify({ id: user.id, email: user.email })] as const,
    );
  }
  return context;
}

async function throttle(
  context: BrowserContext,
  page: Page,
  profile: Profile,
  options: { network: boolean } = { network: true },
) {
  const cdp = await context.newCDPSession(page);
  if (profile.cpuSlowdown > 1)
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpuSlowdown });
  if (profile.network && options.network) {
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...profile.network });
  }
  return cdp;
}

const savedContacts = (page: Page) => page.getByRole("list", { name: "Saved contacts" });

async function measurePage(
  browser: Browser,
  baseUrl: string,
  profile: Profile,
  target: { path: string; user?: BenchUser },
): Promise<PageFigures> {
  const context = await newContext(browser, profile, target.user);
  try {
    const page = await context.newPage();
    await throttle(context, page, profile);
    await page.goto(`${baseUrl}${target.path}`, { waitUntil: "load", timeout: 120_000 });
    if (target.user) await savedContacts(page).waitFor({ timeout: 120_000 });
    await page.waitForTimeout(3000);
    const c = await collect(page);
    const after = c.longTasks.filter((t) => t.start >= c.fcp);
    const tbt = after.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
    const metrics = { fcp: c.fcp, lcp: c.lcp, cls: c.cls, tbt };
    return {
      page: target.path,
      profile: profile.name,
      ...metrics,
      longTasks: c.longTasks.length,
      maxLongTask: Math.max(0, ...c.longTasks.map((t) => t.duration)),
      scriptKb: c.scriptBytes / 1024,
      estimatedScore: estimateScore(profile, metrics),
    };
  } finally {
    await context.close();
  }
}

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
    await throttle(context, page, profile, { network: false });
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

interface AxNode {
  role?: { value?: string };
  name?: { value?: string };
  ignored?: boolean;
}

/** Controls without an accessible name, images without alt, missing title or lang. */
async function checkAccessibility(
  browser: Browser,
  baseUrl: string,
  path: string,
  user?: BenchUser,
) {
  const context = await newContext(browser, PROFILES[0], user);
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
    if (user) await savedContacts(page).waitFor();
    const cdp = await context.newCDPSession(page);
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: AxNode[] };
    const named = [
      "button",
      "link",
      "textbox",
      "checkbox",
      "combobox",
      "image",
      "searchbox",
      "radio",
      "switch",
      "tab",
      "menuitem",
    ];
    const problems = nodes
      .filter((n) => !n.ignored && named.includes(n.role?.value ?? "") && !n.name?.value?.trim())
      .map((n) => `${n.role?.value} without an accessible name`);
    const page_ = await page.evaluate(() => ({
      title: document.title.trim(),
      lang: document.documentElement.lang,
    }));
    if (!page_.title) problems.push("document has no title");
    if (!page_.lang) problems.push("html element has no lang");
    return { page: path, problems };
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
    "Cold loads in a fresh browser context, measured with PerformanceObserver (LCP, CLS, long tasks; TBT = the part of each long task after first paint above 50 ms, for 3 s after load). The estimated score applies Lighthouse 12's scoring curves and weights to FCP, LCP, TBT and CLS (Speed Index is not measured; its weight is spread over the others): it is an estimate, not a Lighthouse run.",
    "",
    "| page | profile | FCP | LCP | CLS | TBT | long tasks (max) | JS transferred | estimated score |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...report.pages.map(
      (p) =>
        `| \`${p.page}\` | ${p.profile} | ${ms(p.fcp)} | ${ms(p.lcp)} | ${p.cls.toFixed(3)} | ${ms(p.tbt)} | ${p.longTasks} (${ms(p.maxLongTask)}) | ${p.scriptKb.toFixed(0)} KB | ${p.estimatedScore} |`,
    ),
    "",
    "Filtering My Network's 10,000 saved contacts (the search box, one key at a time; CPU slowdown only, so the first filter does not wait on the slow network):",
    "",
    "| profile | first filter: loading all contacts | its longest task | keystrokes | long tasks while filtering | longest task | longest input to paint |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...report.filtering.map(
      (f) =>
        `| ${f.profile} | ${ms(f.loadAllMs)} | ${ms(f.loadAllMaxTask)} | ${f.keystrokes} | ${f.longTasks} | ${ms(f.maxLongTask)} | ${ms(f.maxInteraction)} |`,
    ),
    "",
    "Accessibility-tree checks (a subset of Lighthouse's accessibility audits: unnamed controls, image alt, title, lang):",
    "",
    ...report.accessibility.map(
      (a) =>
        `- \`${a.page}\`: ${a.problems.length === 0 ? "no problem found" : a.problems.join("; ")}`,
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
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
  });
  try {
    const pages: PageFigures[] = [];
    for (const profile of PROFILES) {
      for (const target of [{ path: "/" }, { path: "/my-network", user: options.user }]) {
        const figures = await measurePage(browser, server.baseUrl, profile, target);
        console.log(
          `  ${target.path} ${profile.name}: LCP ${ms(figures.lcp)}, TBT ${ms(figures.tbt)}, CLS ${figures.cls.toFixed(3)}, score ~${figures.estimatedScore}`,
        );
        pages.push(figures);
      }
    }
    const filtering: FilterFigures[] = [];
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
    const accessibility = [
      await checkAccessibility(browser, server.baseUrl, "/"),
      await checkAccessibility(browser, server.baseUrl, "/my-network", options.user),
    ];
    const misses: string[] = [];
    for (const p of pages) {
      if (p.estimatedScore < SCORE_TARGET) {
        misses.push(
          `estimated performance score of \`${p.page}\` (${p.profile}) ${p.estimatedScore} (target >= ${SCORE_TARGET})`,
        );
      }
    }
    const desktop = filtering.find((f) => f.profile === "desktop");
    if (desktop && desktop.maxLongTask > LONG_TASK_BUDGET_MS) {
      misses.push(
        `My Network filtering: a ${ms(desktop.maxLongTask)} task (budget ${LONG_TASK_BUDGET_MS} ms)`,
      );
    }
    for (const a of accessibility.filter((x) => x.problems.length > 0)) {
      misses.push(`accessibility of \`${a.page}\`: ${a.problems.length} problems`);
    }
    return {
      pages,
      filtering,
      accessibility,
      misses,
      markdown: render({ pages, filtering, accessibility }),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
