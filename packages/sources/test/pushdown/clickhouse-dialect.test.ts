// The ClickHouse dialect's own encodings, run on the server: the first row of each partition
// (`firstOfEach`, whose texts travel packed in one String) comes back with every text as it
// was, whatever it holds.

import fc from 'fast-check';
import { expect, it } from 'vitest';
import { clickhouseDialect as d } from '../../src/pushdown/dialect';
import { clickhouseQuery, describeClickhouse } from '../clickhouse-server';

/** Texts that look like the packing's own syntax: digits, `,` and `;`, multi-byte characters. */
const text = fc.string({
  unit: fc.constantFrom('1', '0', ',', ';', 'a', 'é', '€', ' ', "'", '\\', '"'),
  maxLength: 12,
});

/** The rows as a ClickHouse `VALUES`-free subquery: one `SELECT ... UNION ALL` per row. */
const rowsSql = (rows: readonly (readonly [string, number, string, string, string])[]) =>
  rows
    .map(
      ([p, t, k, x0, x1]) =>
        `SELECT ${d.string(p)} AS p, toInt64(${t}) AS t, ${d.string(k)} AS k, ${d.string(x0)} AS x0, ${d.string(x1)} AS x1`,
    )
    .join(' UNION ALL ');

describeClickhouse('the ClickHouse dialect', (server) => {
  it("keeps each partition's earliest row, its texts as they were", async () => {
    const row = fc.tuple(
      fc.constantFrom('p', 'q'),
      fc.integer({ min: -5, max: 5 }),
      fc.constantFrom('a', 's', 'n'),
      text,
      text,
    );
    // Distinct times within a partition: the earliest row is then one row.
    const rows = fc
      .array(row, { minLength: 1, maxLength: 8 })
      .map((list) =>
        list.filter((r, i) => list.findIndex((o) => o[0] === r[0] && o[1] === r[1]) === i),
      );
    await fc.assert(
      fc.asyncProperty(rows, async (list) => {
        const sql = d.firstOfEach(
          rowsSql(list),
          ['p'],
          [
            { name: 't', holds: 'other' },
            { name: 'k', holds: 'char' },
            { name: 'x0', holds: 'text' },
            { name: 'x1', holds: 'text' },
          ],
          't',
        );
        const answer = await clickhouseQuery(
          server,
          `SELECT p, __w, t, k, x0, x1 FROM (${sql}) ORDER BY p FORMAT JSONCompact`,
        );
        const got = (JSON.parse(answer) as { data: unknown[][] }).data;
        const expected = ['p', 'q'].flatMap((p) => {
          const own = list.filter((r) => r[0] === p);
          if (own.length === 0) return [];
          const first = own.reduce((a, b) => (b[1] < a[1] ? b : a));
          return [[p, String(own.length), String(first[1]), first[2], first[3], first[4]]];
        });
        expect(got).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  }, 60_000);

});
