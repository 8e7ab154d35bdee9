// A unique count's entries travel from DuckDB as one text (entry-list.ts): built by DuckDB from
// any values (characters outside the BMP, combining marks, the text's own `:`, `;`, `-` and
// digits, the empty text, none) and any times, they are read back as they were.

import { DuckDBInstance } from '@duckdb/node-api';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { duckdbDialect as d } from '../../src/pushdown/dialect';
import { appendEntryList, duckdbEntryList } from '../../src/pushdown/entry-list';

type Entry = { value: string | null; operation: 'add' | 'remove'; at: number | null };

let instance: DuckDBInstance;
beforeAll(async () => {
  // One thread: the rows reach `string_agg` in the order given, which the first test reads.
  instance = await DuckDBInstance.create(':memory:', { threads: '1' });
});
afterAll(() => instance.closeSync());

/** The entries' text as DuckDB builds it from rows of (value, flag, time: numbers), in row order. */
async function built(entries: readonly Entry[]): Promise<unknown> {
  const rows = entries.map(
    (e, i) =>
      `SELECT ${i} AS i, ${e.value === null ? 'CAST(NULL AS VARCHAR)' : d.string(e.value)} AS u, ${e.operation === 'add' ? 1 : 0} AS la, ${e.at === null ? 'CAST(NULL AS BIGINT)' : `CAST(${e.at} AS BIGINT)`} AS lt`,
  );
  const connection = await instance.connect();
  try {
    const sql = `SELECT ${duckdbEntryList('u', 'la', 'lt', 'i >= 0')} AS uv FROM (SELECT * FROM (${rows.join(' UNION ALL ')}) ORDER BY i)`;
    const reader = await connection.runAndReadAll(sql);
    return reader.getRowObjects()[0]?.uv;
  } finally {
    connection.closeSync();
  }
}

const value = fc.option(
  fc.string({
    unit: fc.constantFrom(
      'a',
      '1',
      '-',
      ':',
      ';',
      ' ',
      "'",
      'é',
      'e\u0301',
      '€',
      '👍',
      '👍🏽',
      '𝄞',
    ),
    maxLength: 6,
  }),
);
const entry = fc.record({
  value,
  operation: fc.constantFrom('add' as const, 'remove' as const),
  at: fc.option(fc.integer({ min: -2_000_000_000_000, max: 4_000_000_000_000 })),
});

it('reads back every entry DuckDB writes, in order', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 8 }), async (entries) => {
      const text = await built(entries);
      const read: unknown[] = [];
      expect(appendEntryList(read, text)).toBe(true);
      // string_agg keeps the order of its input here (one thread, rows ordered by i).
      expect(read).toEqual(entries);
    }),
    { numRuns: 60 },
  );
});

it('reads a hand-written list, and says when a text is not one', () => {
  const read: unknown[] = [];
  expect(appendEntryList(read, '3:u;11700;-0;')).toBe(true);
  expect(read).toEqual([
    { value: 'u;1', operation: 'add', at: 700 },
    { value: null, operation: 'remove', at: null },
  ]);
  expect(appendEntryList([], null)).toBe(true);
  expect(appendEntryList([], '3:abc1700')).toBe(false);
  expect(appendEntryList([], 'x:a1;')).toBe(false);
  expect(appendEntryList([], '1:a11.5;')).toBe(false);
});
