// The ClickHouse dialect's own encodings, run on the server: the first row of each partition
// (`firstOfEach`, whose texts travel packed in one String) comes back with every text as it
// was, whatever it holds, and the key of `timeIdKey` orders rows as the tuple (time, id) does.

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

  it('orders timeIdKey as the tuple (time, id)', async () => {
    const time = fc.oneof(
      fc.constantFrom(-9223372036854775808n, -1n, 0n, 9223372036854775807n),
      fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }),
    );
    const pairs = fc.array(fc.tuple(time, text), { minLength: 2, maxLength: 10 });
    await fc.assert(
      fc.asyncProperty(pairs, async (list) => {
        const rows = list
          .map(
            ([t, id], i) =>
              `SELECT ${i} AS i, toInt64(${d.string(String(t))}) AS t, ${d.string(id)} AS id`,
          )
          .join(' UNION ALL ');
        const answer = await clickhouseQuery(
          server,
          `SELECT (SELECT groupArray(i) FROM (SELECT i FROM (${rows}) ORDER BY ${d.timeIdKey('t', 'id')}, i)), (SELECT groupArray(i) FROM (SELECT i FROM (${rows}) ORDER BY tuple(t, id), i)) FORMAT JSONCompact`,
        );
        const [[byKey, byTuple] = []] = (JSON.parse(answer) as { data: unknown[][] }).data;
        expect(byKey).toHaveLength(list.length);
        expect(byKey).toEqual(byTuple);
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});
