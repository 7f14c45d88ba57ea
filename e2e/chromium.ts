/**
 * Debian's Chromium and the flags every automated run here launches it with (Playwright never
 * downloads a browser on this project's machines). Shared by the e2e suite and the bench.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
