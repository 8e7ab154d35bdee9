// --events takes every format of @feecast/sources: the bundled history written as CSV, gzip and
// Parquet prices exactly as the NDJSON file does, and a rejected CSV row is named by its line.
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { examplePath, tempPath } from '../inputs/builders';
import { usage, withEvents } from './usage-run';

type Event = {
  transaction_id: string;
  external_subscription_id: string;
  code: string;
  timestamp: string;
  properties: Record<string, unknown>;
};

const ndjson = readFileSync(examplePath('events.ndjson'), 'utf8');
const events = ndjson
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Event);
const KEYS = ['transaction_id', 'external_subscription_id', 'code', 'timestamp'] as const;
const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
const csv = [
  [...KEYS, 'properties'].join(','),
  ...events.map((e) =>
    [...KEYS.map((k) => quote(e[k])), quote(JSON.stringify(e.properties))].join(','),
  ),
].join('\n');
const parquet = new Uint8Array(
  parquetWriteBuffer({
    columnData: [
      ...KEYS.map((key) => ({
        name: key,
        data: events.map((e) => e[key]),
        type: 'STRING' as const,
      })),
      { name: 'properties', data: events.map((e) => JSON.stringify(e.properties)), type: 'STRING' },
    ],
    rowGroupSize: 64,
  }),
);

describe('--events in every format', () => {
  it.each([
    ['events.csv', csv, []],
    ['events.csv.gz', gzipSync(csv), []],
    ['events.ndjson.gz', gzipSync(ndjson), []],
    ['events.json.gz', gzipSync(JSON.stringify({ events })), []],
    ['events.parquet', parquet, []],
    ['events-data', csv, ['--events-format', 'csv']],
  ])('%s prices as the NDJSON history does', async (name, content, more) => {
    const expected = await usage(withEvents(examplePath('events.ndjson')));
    expect(expected.code).toBe(0);
    const file = tempPath(name);
    writeFileSync(file, content);
    const got = await usage(withEvents(file, ...more));
    expect(got.code).toBe(0);
    // The same figures and counts; only the file's name differs in what is reported.
    expect(got.stdout.replaceAll(file, 'FILE')).toBe(
      expected.stdout.replaceAll(examplePath('events.ndjson'), 'FILE'),
    );
  });

  it('a rejected CSV row is reported with its line', async () => {
    const file = tempPath('one-bad-row.csv');
    // Line 1 is the header; the third event (line 4) has no code.
    const lines = csv.split('\n');
    lines[3] = (lines[3] ?? '').replace(/^("[^"]*","[^"]*"),"[^"]*"/, '$1,""');
    writeFileSync(file, lines.join('\n'));
    const { code, stdout } = await usage(withEvents(file));
    expect(code).toBe(0);
    const body = JSON.parse(stdout) as {
      rejected: { file: string; line: number; reason: string }[];
    };
    expect(body.rejected).toEqual([
      expect.objectContaining({ file, line: 4, reason: 'invalid_event' }),
    ]);
  });

  it('an unknown --events-format is a usage error naming the formats', async () => {
    const { code, stderr } = await usage(
      withEvents(examplePath('events.ndjson'), '--events-format', 'xml'),
    );
    expect(code).toBe(2);
    expect(stderr).toContain('--events-format must be one of ndjson, json, csv, parquet');
  });
});
