import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { EMPTY_CLUSTER } from "./provided";

/**
 * Global setup: one empty PGlite cluster for the whole run, dumped to a file every test
 * process loads its fresh databases from (tests/helpers.ts), instead of running initdb each time.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide(EMPTY_CLUSTER, "");
    return;
  }
  const folder = mkdtempSync(path.join(tmpdir(), "reachout-cluster-"));
  const file = path.join(folder, "empty.tar");
  const cluster = await PGlite.create();
  const dump = await cluster.dumpDataDir("none");
  await cluster.close();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide(EMPTY_CLUSTER, file);
  return () => rmSync(folder, { recursive: true, force: true });
}
