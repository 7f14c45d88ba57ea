/**
 * The directory's filtered queries inside PostgreSQL, in the default order and "Warm first":
 * EXPLAIN ANALYZE of the exact statement the route runs (directoryContactsQuery), repeated, with
 * the plan checked for sequential scans.
 */
import { DirectoryQuery } from "@reachout/contract";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../server/src/db/client";
import {
  directoryContactsQuery,
  loadDirectoryFilterValues,
} from "../../server/src/modules/contacts/directory";
import { buildWarmOrder, warmOrderReady } from "../../server/src/modules/contacts/warm-order";
import { loadStudentSignals } from "../../server/src/modules/contacts/warm-signals";
import { DIRECTORY_FILTERS } from "./endpoints";

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

export interface FilterTiming {
  filters: Record<string, string>;
  rows: number;
  /** Planning + execution, in ms. */
  p50: number;
  p95: number;
  max: number;
  seqScanOnContacts: boolean;
  /** Scans of the contacts table, e.g. "Bitmap Index Scan contacts_company_trgm". */
  access: string[];
  plan: string;
}

export interface PlanReport {
  runs: number;
  /** The main user's kept "Warm first" order, built before the runs (ADR 041). */
  warmOrder?: { people: number; buildMs: number };
  timings: FilterTiming[];
  /** p95 over every run of every filter set. */
  p95: number;
}

function scansOf(node: PlanNode, found: string[] = []): string[] {
  const type = node["Node Type"];
  if (/Scan/.test(type) && (node["Index Name"] ?? node["Relation Name"])) {
    found.push(`${type} ${node["Index Name"] ?? node["Relation Name"]}`);
  }
  for (const child of node.Plans ?? []) scansOf(child, found);
  return found;
}

/** "Warm first" with no filter and with each filter, ranked by the main user's signals (issue 41). */
const WARM_FIRST = [{}, ...DIRECTORY_FILTERS].map((filters) => ({ ...filters, sort: "warm" }));

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

export async function timeDirectoryQueries(
  database: Database,
  userId: string,
  runs: number,
): Promise<PlanReport> {
  const db = database.db;
  const timings: FilterTiming[] = [];
  const all: number[] = [];
  const filterValues = await loadDirectoryFilterValues(db);
  const student = await loadStudentSignals(db, userId);
  // "Warm first" reads the student's kept order, as the route does once its job built it.
  const started = performance.now();
  const people = await buildWarmOrder(db, userId);
  const warmOrder = { people, buildMs: performance.now() - started };
  const keptOrder = await warmOrderReady(db, userId, student);
  for (const filters of [...DIRECTORY_FILTERS, ...WARM_FIRST]) {
    const query = directoryContactsQuery(
      db,
      userId,
      DirectoryQuery.parse({ limit: 1000, ...filters }),
      filterValues,
      student,
      keptOrder,
    );
    const times: number[] = [];
    let rows = 0;
    let root: PlanNode | null = null;
    for (let i = 0; i < runs; i++) {
      const [result] = rowsOf<{ "QUERY PLAN": unknown }>(
        await db.execute(sql`explain (analyze, format json) ${query.getSQL()}`),
      );
      const [plan] = (
        typeof result["QUERY PLAN"] === "string"
          ? JSON.parse(result["QUERY PLAN"])
          : result["QUERY PLAN"]
      ) as Array<{
        Plan: PlanNode & { "Actual Rows": number };
        "Planning Time": number;
        "Execution Time": number;
      }>;
      times.push(plan["Planning Time"] + plan["Execution Time"]);
      rows = plan.Plan["Actual Rows"];
      root = plan.Plan;
    }
    const text = rowsOf<Record<string, string>>(
      await db.execute(sql`explain (analyze, costs off, timing off) ${query.getSQL()}`),
    )
      .map((row) => Object.values(row)[0])
      .join("\n");
    const access = root ? scansOf(root) : [];
    all.push(...times);
    timings.push({
      filters,
      rows,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: Math.max(...times),
      seqScanOnContacts: access.some((scan) => scan === "Seq Scan contacts"),
      access,
      plan: text,
    });
  }
  return { runs, warmOrder, timings, p95: percentile(all, 95) };
}
