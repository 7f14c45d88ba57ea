/**
 * CPU time from /proc: what a phase costs whatever the machine's load (wall time on a shared
 * machine includes waiting for a core; CPU time does not).
 */
import { readFileSync } from "node:fs";

/** Linux's clock tick (USER_HZ), the unit of utime and stime in /proc/<pid>/stat. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (ms) a process has spent so far, or null if it is gone or not on this machine. */
export function processCpuMs(pid: number): number | null {
  try {
    // Fields after the command name: state is the 1st, utime the 12th, stime the 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU time (ms) spent so far by the backends of the current database, or null if not local. */
export async function backendCpuMs(raw: {
  query<T>(sql: string): Promise<{ rows: T[] }>;
}): Promise<number | null> {
  const { rows } = await raw.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database()",
  );
  let total = 0;
  for (const { pid } of rows) {
    const ms = processCpuMs(pid);
    if (ms === null) return null;
    total += ms;
  }
  return total;
}
