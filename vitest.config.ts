import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      ...["server", "web", "sandbox", "contract"].map((name) => `./${name}`),
      // The repository's own checks (scripts/), e.g. that the import boundaries fire.
      { test: { name: "scripts", include: ["scripts/**/*.test.ts"] } },
    ],
  },
});
