import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { precompress } from "./precompress";

const apiTarget = process.env.API_URL ?? "http://localhost:3000";

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    port: 5173,
    proxy: { "/api": apiTarget, "/__sandbox": apiTarget },
  },
  // The manifest lets scripts/check-bundle-budget.mjs find the landing route's chunks.
  // Rollup's experimentalMinChunkSize (merging the many 1 KB shared chunks) was tried and
  // dropped: it changed module order so that the Google sign-in toast never showed.
  build: { target: "es2022", sourcemap: false, manifest: true },
  test: {
    name: "web",
    environment: "happy-dom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test-setup.ts"],
    // Lazy routes load their modules inside the test: slow beside other files on two cores.
    testTimeout: 30_000,
  },
});
