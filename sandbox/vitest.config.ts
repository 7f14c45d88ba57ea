import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "sandbox",
    include: ["src/**/*.test.ts", "tests/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // On a loaded CI machine a timing-sensitive test gets one more try; locally failures show at once.
    retry: process.env.CI ? 1 : 0,
  },
});
