// The ClickHouse server of the tests: `FEECAST_CLICKHOUSE_URL` (see scripts/clickhouse.mjs).
// Without it, the suites that need one are skipped with the reason printed, except in CI
// (CI=true), where they fail: CI always runs them.
import { describe, it } from 'vitest';

const url = process.env.FEECAST_CLICKHOUSE_URL;
const ci = process.env.CI === 'true';

const REASON =
  'FEECAST_CLICKHOUSE_URL is not set: start a server with eval "$(node scripts/clickhouse.mjs start)" (it needs clickhouse-server: apt-get install clickhouse-server).';

/** A suite that needs a ClickHouse server: given its URL, or skipped (failed in CI) without. */
export function describeClickhouse(name: string, body: (url: string) => void): void {
  if (url !== undefined && url !== '') {
    describe(name, () => body(url));
  } else if (ci) {
    describe(name, () => {
      it('has a ClickHouse server', () => {
        throw new Error(REASON);
      });
    });
  } else {
    console.warn(`Skipping "${name}": ${REASON}`);
    describe.skip(`${name} (skipped: ${REASON})`, () => body(''));
  }
}

let tables = 0;

/** A fresh table name for one test (the server outlives the run's tests). */
export function freshTable(prefix: string): string {
  tables++;
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${tables}`;
}

/** Runs `sql` on the server and returns its text answer (an error for an HTTP failure). */
export async function clickhouseQuery(server: string, sql: string): Promise<string> {
  const response = await fetch(server, { method: 'POST', body: sql });
  const text = await response.text();
  if (!response.ok) throw new Error(`ClickHouse refused ${sql}: ${text}`);
  return text;
}
