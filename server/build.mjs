// Bundles the server: workspace sources (TypeScript) are bundled, npm packages stay external
// (PGlite needs its wasm files beside it). The sandbox is a separate chunk, loaded only
// by a dynamic import in sandbox mode.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

rmSync("dist", { recursive: true, force: true });

const externalPackages = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("@reachout/")) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: ["src/main.ts"],
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: "warning",
});
cpSync("src/db/migrations", "dist/migrations", { recursive: true });
console.log("server built to server/dist");
