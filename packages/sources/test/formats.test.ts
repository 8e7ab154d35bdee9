// The formats beyond NDJSON and JSON arrays: envelopes, CSV, gzip and Parquet, read from real
// files, with their rejections and lines, and the law that every format reads the same events.
import { createWriteStream, readFileSync, statSync, writeFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip, gzipSync } from 'node:zlib';
import type { FeecastError } from '@feecast/engine';
import type { UsageEvent } from '@feecast/models';
import fc from 'fast-check';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import {
  type EventFormat,
  eventSource,
  prepareSyncFile,
  readEventsSync,
  readLocatedEvents,
  scaled,
} from '../src/index';
import { createHeapProbe, tempPath, writeTemp } from './builders';

/** A column of the writer's schema. */
type SchemaElement = NonNullable<Parameters<typeof parquetWriteBuffer>[0]['schema']>[number];

/** What a file gives: its events, its rejections (line and message), its final error. */
interface Read {
  events: UsageEvent[];
  rejected: [number, string][];
  error: FeecastError | undefined;
}

async function readAll(file: string, format?: EventFormat): Promise<Read> {
  const rejected: [number, string][] = [];
  const source = eventSource(file, {
    onRejected: (error, line) => rejected.push([line, error.message]),
    ...(format === undefined ? {} : { format }),
  });
  const events: UsageEvent[] = [];
  for await (const event of source.events) events.push(event);
  return { events, rejected, error: source.error() };
}

/** The same, through the synchronous reader (after `prepareSyncFile`). */
async function readAllSync(file: string, format?: EventFormat): Promise<Read> {
  const prepared = await prepareSyncFile(file, format === undefined ? {} : { format });
  if (prepared._tag === 'Left') return { events: [], rejected: [], error: prepared.left };
  try {
    const rejected: [number, string][] = [];
    const source = readEventsSync(prepared.right.path, {
      ...prepared.right.options,
      onRejected: (error, line) => rejected.push([line, error.message]),
    });
    const events = [...source.events];
    return { events, rejected, error: source.error() };
  } finally {
    await prepared.right.dispose();
  }
}

/** A field of CSV, always quoted (a quote inside is doubled). */
const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;

const KEYS = ['transaction_id', 'external_subscription_id', 'code', 'timestamp'] as const;

/** Events as CSV, properties as `properties.<name>` columns (`names`) or one JSON column. */
function toCsv(events: readonly UsageEvent[], layout: 'columns' | 'json'): string {
  const names = [...new Set(events.flatMap((e) => Object.keys(e.properties ?? {})))].sort();
  const header =
    layout === 'json' ? [...KEYS, 'properties'] : [...KEYS, ...names.map((n) => `properties.${n}`)];
  const rows = events.map((event) => {
    const keys = KEYS.map((key) => quote(String(event[key] ?? '')));
    const props = event.properties ?? {};
    const rest =
      layout === 'json'
        ? [quote(JSON.stringify(props))]
        : names.map((name) => (Object.hasOwn(props, name) ? quote(String(props[name])) : ''));
    return [...keys, ...rest].join(',');
  });
  return `${[header.join(','), ...rows].join('\r\n')}\r\n`;
}

/** A nullable UTF-8 text column. */
const text = (name: string): SchemaElement => ({
  name,
  type: 'BYTE_ARRAY',
  converted_type: 'UTF8',
  repetition_type: 'OPTIONAL',
});

/** Events as Parquet (text columns), in row groups of `groupRows` rows. */
function toParquet(
  events: readonly UsageEvent[],
  layout: 'columns' | 'json',
  groupRows: number,
): ArrayBuffer {
  const names = [...new Set(events.flatMap((e) => Object.keys(e.properties ?? {})))].sort();
  const columns: { name: string; data: (string | null)[] }[] = KEYS.map((key) => ({
    name: key,
    data: events.map((event) => (event[key] === undefined ? null : String(event[key]))),
  }));
  if (layout === 'json') {
    columns.push({
      name: 'properties',
      data: events.map((event) => JSON.stringify(event.properties ?? {})),
    });
  } else {
    for (const name of names) {
      columns.push({
        name: `properties.${name}`,
        data: events.map((event) => {
          const props = event.properties ?? {};
          return Object.hasOwn(props, name) ? String(props[name]) : null;
        }),
      });
    }
  }
  const schema: SchemaElement[] = [
    { name: 'root', num_children: columns.length },
    ...columns.map((column) => text(column.name)),
  ];
  return parquetWriteBuffer({
    columnData: columns,
    schema,
    rowGroupSize: Math.max(1, groupRows),
  });
}

const apiCall = (i: number, calls: string): UsageEvent =>
  ({
    transaction_id: `tr_${i}`,
    external_subscription_id: 'sub_1',
    code: 'api_calls',
    timestamp: '1762000000',
    properties: { calls },
  }) as unknown as UsageEvent;

describe('envelopes', () => {
  it('is told by its first key "events"; other keys first need the format named', async () => {
    const events = [apiCall(1, '3')];
    const first = writeTemp('envelope-first.json', JSON.stringify({ events, meta: { page: 1 } }));
    expect((await readAll(first)).events).toEqual(events);
    const later = writeTemp('envelope-later.json', JSON.stringify({ meta: { page: 1 }, events }));
    expect((await readAll(later, 'json')).events).toEqual(events);
    // Unnamed, `{` not followed by "events" is NDJSON: the pretty document is not one line.
    expect((await readAll(later)).rejected.map(([line]) => line)).toEqual([1]);
  });

  it('reads {"events": [...]} and names a bad element by its path and line', async () => {
    const file = writeTemp(
      'envelope.json',
      `{"meta": {"page": 1},\n "events": [\n${JSON.stringify(apiCall(1, '3'))},\n{"code": "api_calls"}\n]}`,
    );
    const read = await readAll(file, 'json');
    expect(read.events).toEqual([apiCall(1, '3')]);
    expect(read.error).toBeUndefined();
    expect(read.rejected).toHaveLength(1);
    const [line, message] = read.rejected[0] ?? [0, ''];
    expect(line).toBe(4);
    expect(message).toContain(`${file} line 4: Could not decode UsageEvent`);
    expect(message).toContain('events[1].transaction_id');
  });
});

describe('CSV', () => {
  it('reads quoted fields with commas, quotes and line breaks; values stay strings', async () => {
    const file = writeTemp(
      'quoted.csv',
      'transaction_id,code,timestamp,properties.note,properties.amount\n' +
        'tr_1,api_calls,2026-11-01T10:00:00Z,"a, ""b""\nc",0.1000000000000000055511151231257827\n',
    );
    const read = await readAll(file);
    expect(read).toEqual({
      events: [
        {
          transaction_id: 'tr_1',
          code: 'api_calls',
          timestamp: '2026-11-01T10:00:00Z',
          properties: { note: 'a, "b"\nc', amount: '0.1000000000000000055511151231257827' },
        },
      ],
      rejected: [],
      error: undefined,
    });
  });

  it('reads one JSON properties column', async () => {
    const file = writeTemp(
      'json-column.csv',
      'transaction_id,code,timestamp,properties\ntr_1,api_calls,1762000000,"{""calls"": ""12.5"", ""n"": {""x"": 1}}"\n',
    );
    const read = await readAll(file);
    expect(read.events).toEqual([
      {
        transaction_id: 'tr_1',
        code: 'api_calls',
        timestamp: '1762000000',
        properties: { calls: '12.5', n: { x: 1 } },
      },
    ]);
  });

  it('reports each bad row with the line it starts on, and reads on', async () => {
    // Line 1: header. Lines 2-3: a row whose quoted note spans two lines (valid).
    // Line 4: no transaction_id. Line 5: one field too many. Line 6: a bare quote.
    // Line 7: a timestamp that is not one. Line 8: valid.
    const file = writeTemp(
      'bad-rows.csv',
      [
        'transaction_id,code,timestamp,properties.note',
        'tr_1,api_calls,1762000000,"two',
        'lines"',
        ',api_calls,1762000000,x',
        'tr_3,api_calls,1762000000,x,extra',
        'tr_4,api_calls,1762000000,a"b',
        'tr_5,api_calls,15/11/2026,x',
        'tr_6,api_calls,1762000000,',
      ].join('\n'),
    );
    const read = await readAll(file);
    expect(read.events.map((e) => e.transaction_id)).toEqual(['tr_1', 'tr_6']);
    expect(read.events[0]?.properties).toEqual({ note: 'two\nlines' });
    expect(read.events[1]?.properties).toEqual({});
    expect(read.rejected.map(([line]) => line)).toEqual([4, 5, 6, 7]);
    const messages = read.rejected.map(([, message]) => message);
    expect(messages[0]).toContain(`${file} line 4: Could not decode UsageEvent`);
    expect(messages[0]).toContain('transaction_id');
    expect(messages[1]).toContain('the row has 5 fields where the header has 4 columns');
    expect(messages[2]).toContain('a quote inside the unquoted field 4');
    expect(messages[3]).toContain('timestamp');
    expect(read.error).toBeUndefined();
  });

  it.each([
    ['an unknown column', 'transaction_id,code,when\n', 'unknown column "when"'],
    ['a repeated column', 'code,code\n', 'the column "code" is repeated'],
    ['both layouts', 'code,properties,properties.a\n', 'both a properties column'],
    ['no header', '', 'is empty, where a CSV header was expected'],
    ['an open quote', 'code\n"api_calls\n', 'line 2: the file ends inside a quoted field'],
  ])('%s is an error of the file', async (_, content, problem) => {
    const read = await readAll(writeTemp(`broken-${content.length}.csv`, content));
    expect(read.events).toEqual([]);
    expect(read.error?.message).toContain(problem);
  });
});

describe('gzip', () => {
  const events = [apiCall(1, '1.5'), apiCall(2, '2.25')];
  const ndjson = `${events.map((e) => JSON.stringify(e)).join('\n')}\n`;

  it.each([
    ['events.ndjson.gz', ndjson, undefined],
    ['events.json.gz', JSON.stringify({ events }), undefined],
    ['events.csv.gz', toCsv(events, 'columns'), undefined],
    // Told by its first bytes, whatever the name.
    ['compressed-events.txt', ndjson, undefined],
    ['csv-without-extension', toCsv(events, 'json'), 'csv' as const],
  ])('%s reads as its plain text does, async and sync', async (name, content, format) => {
    const file = tempPath(name);
    writeFileSync(file, gzipSync(content));
    expect(await readAll(file, format)).toEqual({ events, rejected: [], error: undefined });
    expect(await readAllSync(file, format)).toEqual({ events, rejected: [], error: undefined });
  });

  it('a damaged or cut gzip file is an error naming the file, after the events before it', async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => apiCall(i, String(i)));
    const whole = gzipSync(`${many.map((e) => JSON.stringify(e)).join('\n')}\n`);
    const file = tempPath('cut.ndjson.gz');
    writeFileSync(file, whole.subarray(0, Math.floor(whole.length / 2)));
    const read = await readAll(file);
    expect(read.events.length).toBeGreaterThan(0);
    expect(read.events.length).toBeLessThan(many.length);
    expect(read.error?.code).toBe('unreadable_file');
    expect(read.error?.message).toContain(
      `Cannot read ${file}: its gzip data cannot be decompressed`,
    );
    const sync = await readAllSync(file);
    expect(sync.error?.message).toContain(
      `Cannot read ${file}: its gzip data cannot be decompressed`,
    );
  });

  it('the synchronous reader refuses gzip it was not prepared for, saying what to do', () => {
    const file = tempPath('unprepared.ndjson.gz');
    writeFileSync(file, gzipSync(ndjson));
    const source = readEventsSync(file);
    expect([...source.events]).toEqual([]);
    expect(source.error()?.message).toContain('prepareSyncFile');
  });
});

describe('Parquet', () => {
  it('DECIMAL and INT64 columns come out as exact strings, timestamps as unix seconds', async () => {
    const file = tempPath('exact.parquet');
    // 12345678901234567890123456789 / 10^9 = 12345678901234567890.123456789: no float holds it.
    const amount = 12345678901234567890123456789n;
    const big = 9007199254740993n; // 2^53 + 1: a float would round it to 2^53.
    const buffer = parquetWriteBuffer({
      columnData: [
        { name: 'transaction_id', data: ['tr_1', 'tr_2'] },
        { name: 'code', data: ['payments', 'payments'] },
        { name: 'timestamp', data: [1762000000123n, 1762000000000n] },
        { name: 'properties.amount', data: [amount, -5n] },
        { name: 'properties.count', data: [big, 0n] },
      ],
      schema: [
        { name: 'root', num_children: 5 },
        text('transaction_id'),
        text('code'),
        {
          name: 'timestamp',
          type: 'INT64',
          repetition_type: 'REQUIRED',
          logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' },
        },
        {
          name: 'properties.amount',
          type: 'FIXED_LEN_BYTE_ARRAY',
          type_length: 16,
          converted_type: 'DECIMAL',
          scale: 9,
          precision: 38,
          repetition_type: 'REQUIRED',
        },
        { name: 'properties.count', type: 'INT64', repetition_type: 'REQUIRED' },
      ],
    });
    writeFileSync(file, new Uint8Array(buffer));
    const expected = [
      {
        transaction_id: 'tr_1',
        code: 'payments',
        timestamp: '1762000000.123',
        properties: { amount: '12345678901234567890.123456789', count: '9007199254740993' },
      },
      {
        transaction_id: 'tr_2',
        code: 'payments',
        timestamp: '1762000000',
        properties: { amount: '-0.000000005', count: '0' },
      },
    ];
    expect(await readAll(file)).toEqual({ events: expected, rejected: [], error: undefined });
    expect(await readAllSync(file)).toEqual({ events: expected, rejected: [], error: undefined });
  });

  it('reports a bad row by its row number, async and sync alike', async () => {
    const events = [
      apiCall(1, '1'),
      { ...apiCall(2, '2'), timestamp: 'yesterday' },
      apiCall(3, '3'),
    ];
    const file = tempPath('bad-row.parquet');
    writeFileSync(file, new Uint8Array(toParquet(events as UsageEvent[], 'columns', 2)));
    const read = await readAll(file);
    expect(read.events.map((e) => e.transaction_id)).toEqual(['tr_1', 'tr_3']);
    expect(read.rejected.map(([row]) => row)).toEqual([2]);
    expect(read.rejected[0]?.[1]).toContain(`${file} row 2: Could not decode UsageEvent`);
    expect(await readAllSync(file)).toEqual(read);
  });

  it('a file that is not Parquet, or a column no event has, is an error of the file', async () => {
    const notParquet = writeTemp('fake.parquet', 'PAR1 but nothing more');
    expect((await readAll(notParquet)).error?.message).toContain('not a readable Parquet file');
    const extra = tempPath('extra-column.parquet');
    const buffer = parquetWriteBuffer({ columnData: [{ name: 'amount', data: ['1'] }] });
    writeFileSync(extra, new Uint8Array(buffer));
    expect((await readAll(extra)).error?.message).toContain('unknown column "amount"');
    expect((await readAllSync(extra)).error?.message).toContain('unknown column "amount"');
  });

  it('scaled writes value / 10^scale exactly', () => {
    expect(scaled(12345n, 2)).toBe('123.45');
    expect(scaled(-5n, 3)).toBe('-0.005');
    expect(scaled(1200n, 2)).toBe('12');
    expect(scaled(7n, 0)).toBe('7');
    expect(scaled(7n, -2)).toBe('700');
  });
});

/** Text with the characters CSV must quote. */
const tricky = (minLength: number) =>
  fc.string({
    unit: fc.constantFrom('a', 'b', ',', '"', '\n', '\r', ' ', 'é', '{'),
    minLength,
    maxLength: 8,
  });

/** Events whose values are all strings, as CSV and Parquet text columns give them back. */
const stringEvent: fc.Arbitrary<UsageEvent> = fc
  .record({
    transaction_id: tricky(1),
    external_subscription_id: tricky(1),
    code: tricky(1),
    timestamp: fc.oneof(
      fc.integer({ min: 0, max: 2_000_000_000 }).map(String),
      fc.constantFrom('2026-11-01T00:00:00Z', '2026-11-30T23:59:59.999Z'),
    ),
    properties: fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,5}$/), tricky(1), {
      maxKeys: 4,
    }),
  })
  .map((event) => event as UsageEvent);

describe('every format reads the same events', () => {
  it('NDJSON, JSON array, envelope, CSV (both layouts), gzip and Parquet', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stringEvent, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        async (events, groupRows) => {
          // Without any property, the columns layouts have no property column: no properties.
          const none = events.every((e) => Object.keys(e.properties ?? {}).length === 0);
          const bare = events.map(({ properties: _, ...rest }) => rest);
          const expected = (name: string) => (none && name.includes('columns') ? bare : events);
          const files: [string, string | Uint8Array][] = [
            ['e.ndjson', events.map((e) => JSON.stringify(e)).join('\n')],
            ['e.json', JSON.stringify(events, null, 1)],
            ['e-envelope.json', JSON.stringify({ events, meta: { n: events.length } })],
            ['e-columns.csv', toCsv(events, 'columns')],
            ['e-json.csv', toCsv(events, 'json')],
            ['e-columns.parquet', new Uint8Array(toParquet(events, 'columns', groupRows))],
            ['e-json.parquet', new Uint8Array(toParquet(events, 'json', groupRows))],
          ];
          for (const [name, content] of files) {
            const file = tempPath(name);
            writeFileSync(file, content);
            const read = { events: expected(name), rejected: [], error: undefined };
            expect(await readAll(file)).toEqual(read);
            expect(await readAllSync(file)).toEqual(read);
            if (name.endsWith('.parquet')) continue;
            const gz = `${file}.gz`;
            writeFileSync(gz, gzipSync(readFileSync(file)));
            expect(await readAll(gz)).toEqual(read);
            expect(await readAllSync(gz)).toEqual(read);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});

describe('lines', () => {
  it('readLocatedEvents gives each event the line its record starts on', async () => {
    const file = writeTemp('lines.csv', 'transaction_id,code,timestamp\n\ntr_1,c,1\n"tr\n2",c,2\n');
    const lines: (number | undefined)[] = [];
    for await (const { line } of readLocatedEvents(file)) lines.push(line);
    expect(lines).toEqual([3, 4]);
  });
});

describe('a CSV.gz file of 1.5 million rows', () => {
  it('is read in constant memory: the heap does not grow with the file', async () => {
    const rows = 1_500_000;
    const file = tempPath('big.csv.gz');
    async function* text(): AsyncGenerator<string> {
      yield 'transaction_id,external_subscription_id,code,timestamp,properties.calls\n';
      for (let i = 0; i < rows; i += 10_000) {
        let batch = '';
        for (let k = i; k < i + 10_000; k++) {
          batch += `tr_${k},sub_1,api_calls,${1_762_000_000 + k},"${k % 997}.25"\n`;
        }
        yield batch;
      }
    }
    await pipeline(text(), createGzip(), createWriteStream(file));
    expect(statSync(file).size).toBeGreaterThan(1024 * 1024);
    const heap = createHeapProbe();
    let count = 0;
    const source = eventSource(file);
    for await (const event of source.events) {
      count++;
      if (count % 250_000 === 0) {
        heap.sample();
        // 249,999 % 997 = 749, as written: values stay the strings of the file.
        if (count === 250_000) expect(event.properties).toEqual({ calls: '749.25' });
      }
    }
    expect(source.error()).toBeUndefined();
    expect(count).toBe(rows);
    // Holding the rows would take hundreds of MB; the reader holds a chunk and one row.
    expect(heap.peak()).toBeLessThan(16 * 1024 * 1024);
  }, 300_000);
});
