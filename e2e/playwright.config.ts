import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "./tests",
  // One folder per server port: the PGlite and PostgreSQL passes run side by side in CI.
  outputDir: `test-results/${PORT}`,
  timeout: 60_000,
  // CI runs the PGlite and PostgreSQL passes side by side on two cores, each with its own app,
  // stand-ins and Chromium: a page's answer that takes 2 s alone took over 10 s there when other
  // work shared the cores (the Gmail consent redirect, a form's error line). A condition is still
  // what every assertion waits for; CI gives it longer, never a second try.
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    // A trace records every action's DOM and a screencast: it made each pass about 1.6 times
    // slower on two cores, and CI keeps only the printed log. Locally it is kept for a failure.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node start-server.mjs",
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: { PORT: String(PORT) },
  },
});
