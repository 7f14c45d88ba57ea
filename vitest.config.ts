import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // vitest's default is one worker fewer than the cores: one on CI's two. Most test files wait
    // on a database, a stand-in or a child process rather than compute, so two share two cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      ...["server", "web", "sandbox", "contract"].map((name) => `./${name}`),
      // The repository's own checks (scripts/), e.g. that the import boundaries fire.
      { test: { name: "scripts", include: ["scripts/**/*.test.ts"] } },
    ],
  },
});
