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
  /**
   * The kept people (an order kept to its first) did not fill the page: the times are the kept
   * statement's and the on-the-fly statement's after it, and the plan both (ADR 041).
   */
  fellBack?: boolean;
}

export interface PlanReport {
  runs: number;
  /** The main user's kept "Warm first" order, built before the runs (ADR 041). */
  warmOrder?: { people: number; buildMs: number; whole?: boolean };
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
  const buildMs = performance.now() - started;
  const keptOrder = await warmOrderReady(db, userId, student);
  const warmOrder = { people, buildMs, whole: keptOrder === "whole" };
  /** EXPLAIN ANALYZE of one statement, `runs` times: planning + execution of each, and a plan. */
  const explainRuns = async (query: ReturnType<typeof directoryContactsQuery>) => {
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
    return { times, rows, root, text };
  };
  for (const filters of [...DIRECTORY_FILTERS, ...WARM_FIRST]) {
    const parsed = DirectoryQuery.parse({ limit: 1000, ...filters });
    const statement = (order: typeof keptOrder) =>
      directoryContactsQuery(db, userId, parsed, filterValues, student, order);
    let { times, rows, root, text } = await explainRuns(statement(keptOrder));
    const fellBack = keptOrder === "prefix" && rows <= parsed.limit && text.includes("CTE warm");
    if (fellBack) {
      // The kept people did not fill the page: the route ranks it on the fly after the kept
      // statement (directoryPageRows), and the page costs both (ADR 041).
      const onTheFly = await explainRuns(statement(false));
      times = times.map((time, i) => time + onTheFly.times[i]);
      rows = onTheFly.rows;
      root = onTheFly.root;
      text = `${text}\n-- the kept people end before the page: ranked on the fly\n${onTheFly.text}`;
    }
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
      fellBack,
    });
  }
  return { runs, warmOrder, timings, p95: percentile(all, 95) };
}
