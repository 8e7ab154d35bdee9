/**
 * The main thread's processor time, for the benchmarks that tell it apart from the process's
 * (DuckDB's and V8's own threads): Linux only, from `/proc/self/task/<pid>/stat`.
 */
import { readFileSync } from 'node:fs';

/** The main thread's user and system CPU time in milliseconds (clock ticks of 10 ms). */
export function mainThreadMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3, utime 14 and stime 15 (1-based), here 11 and 12 (0-based).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
