import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["server", "web", "sandbox", "contract"].map((name) => `./${name}`),
  },
});
