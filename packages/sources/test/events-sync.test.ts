// The synchronous reader of event files: the same events and the same first error as the
// asynchronous reader, read lazily in 64 KiB chunks, standard input (a real descriptor 0 too),
// one pass only, the file closed when iteration stops, and a 50 MB file in bounded memory.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, fstatSync, openSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { aggregate, type FeecastError } from '@feecast/engine';
import type { UsageEvent } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ReadEventsSyncOptions,
  type ReadProgress,
  readEvents,
  readEventsSync,
} from '../src/index';
import {
  apiCall,
  createHeapProbe,
  eventsFileText,
  examplePath,
  repoPath,
  tempPath,
  writeBig,
  writeTemp,
} from './builders';

/** The events read until the first error, that error, and how many events were counted. */
interface Outcome {
  readonly events: UsageEvent[];
  readonly error: FeecastError | undefined;
  readonly count: number;
}

async function readAsync(file: string, options: ReadEventsSyncOptions = {}): Promise<Outcome> {
  const events: UsageEvent[] = [];
  const { stdin: _fd, ...rest } = options;
  for await (const item of readEvents(file, rest)) {
    if (item._tag === 'Left') return { events, error: item.left, count: events.length };
    events.push(item.right);
  }
  return { events, error: undefined, count: events.length };
}

function readSync(file: string, options: ReadEventsSyncOptions = {}): Outcome {
  const source = readEventsSync(file, options);
  const events = [...source.events];
  return { events, error: source.error(), count: source.count() };
}

/** Writes bytes to a scratch file; returns its path. */
function writeBytes(name: string, bytes: Uint8Array): string {
  const path = tempPath(name);
  writeFileSync(path, bytes);
  return path;
}

const line = (event: unknown) => JSON.stringify(event);
const ndjson = (events: readonly unknown[], newline = '\n') => events.map(line).join(newline);
const utf8 = (text: string) => new TextEncoder().encode(text);

/** An NDJSON file whose "é" straddles the first 64 KiB boundary of the file. */
function acrossTheChunkBoundary(): string {
  const prefix = `${line({ ...apiCall(0), properties: { pad: '' } }).split('""')[0]}"`;
  const pad = 'x'.repeat(64 * 1024 - utf8(prefix).length - 1);
  const first = { ...apiCall(0), properties: { pad: `${pad}é` } };
  return `${ndjson([first, apiCall(1, '3', 'région-ü')])}\n`;
}

/** Four NDJSON events, the third with a timestamp that is not ISO 8601. */
function badLineFile(): string {
  const events = [apiCall(1), apiCall(2), { ...apiCall(3), timestamp: '15/11/2026' }, apiCall(4)];
  return writeTemp('bad-line.ndjson', ndjson(events));
}

const fiftyEvents = Array.from({ length: 50 }, (_, i) =>
  apiCall(i, `${i}.5`, i % 2 === 0 ? 'eu' : 'région-ü'),
);

describe('the sync reader yields what the async reader yields', () => {
  /** A case: the file (made when the test runs), the events before the error, the error. */
  interface Case {
    readonly name: string;
    readonly file: () => string;
    readonly count: number;
    readonly error: string;
    readonly options?: ReadEventsSyncOptions;
  }

  const notUtf8 = new Uint8Array([...utf8('{"code": "'), 0xff, 0xfe]);
  it.each<Case>([
    {
      name: 'examples/cli/events.ndjson',
      file: () => examplePath('events.ndjson'),
      count: 200,
      error: 'none',
    },
    {
      name: 'NDJSON with CRLF',
      file: () => writeTemp('crlf.ndjson', ndjson(fiftyEvents, '\r\n')),
      count: 50,
      error: 'none',
    },
    {
      name: 'a JSON array',
      file: () => writeTemp('array.json', fiftyEvents),
      count: 50,
      error: 'none',
    },
    {
      name: 'a bad NDJSON line in the middle',
      file: badLineFile,
      count: 2,
      error: 'invalid_input',
    },
    {
      name: 'an NDJSON line that is not JSON',
      file: () => writeTemp('not-json.ndjson', `${line(apiCall(1))}\n{"code": "api_calls",, }\n`),
      count: 1,
      error: 'invalid_json',
    },
    {
      name: 'an array element that is not an event',
      file: () => writeTemp('bad-element.json', [apiCall(1), { code: 'api_calls' }, apiCall(3)]),
      count: 1,
      error: 'invalid_input',
    },
    {
      name: 'a broken array',
      file: () => writeTemp('broken.json', `[${line(apiCall(1))},,${line(apiCall(2))}]`),
      count: 1,
      error: 'invalid_json',
    },
    {
      name: 'an unclosed array',
      file: () => writeTemp('unclosed.json', `[${line(apiCall(1))}, ${line(apiCall(2))}`),
      count: 1,
      error: 'invalid_json',
    },
    {
      name: 'bytes that are not UTF-8',
      file: () => writeBytes('latin1.ndjson', notUtf8),
      count: 0,
      error: 'invalid_input',
    },
    {
      name: 'a byte-order mark',
      file: () => writeTemp('bom.ndjson', `\uFEFF${line(apiCall(1))}\n`),
      count: 1,
      error: 'none',
    },
    {
      name: 'a byte-order mark before an array',
      file: () => writeTemp('bom.json', `\uFEFF${JSON.stringify([apiCall(1)])}`),
      count: 1,
      error: 'none',
    },
    {
      name: 'a character across the 64 KiB boundary',
      file: () => writeTemp('boundary.ndjson', acrossTheChunkBoundary()),
      count: 2,
      error: 'none',
    },
    {
      name: 'a blank file',
      file: () => writeTemp('blank.ndjson', '\n  \n'),
      count: 0,
      error: 'none',
    },
    { name: 'an empty file', file: () => writeTemp('empty.ndjson', ''), count: 0, error: 'none' },
    {
      name: 'a missing file',
      file: () => tempPath('missing.ndjson'),
      count: 0,
      error: 'unreadable_file',
    },
    { name: 'a directory', file: () => repoPath('examples'), count: 0, error: 'unreadable_file' },
    {
      name: 'a line over the length limit',
      file: () => writeTemp('long.ndjson', ndjson([apiCall(1)])),
      count: 0,
      error: 'invalid_input',
      options: { maxRecordChars: 100 },
    },
    {
      name: 'an array read as NDJSON',
      file: () => writeTemp('forced.json', [apiCall(1)]),
      count: 0,
      error: 'invalid_json',
      options: { format: 'ndjson' },
    },
  ])(
    '$name: $count events, then error $error',
    async ({ file: make, count, error, options = {} }) => {
      const file = make();
      const sync = readSync(file, options);
      expect(sync).toEqual(await readAsync(file, options));
      expect(sync.count).toBe(count);
      expect(sync.events.length).toBe(count);
      expect(sync.error?.code ?? 'none').toBe(error);
    },
  );

  it('the sync reader yields the same events and first error as the async reader, on any file', async () => {
    const file = tempPath('any.events');
    await fc.assert(
      fc.asyncProperty(eventsFileText, async (text) => {
        writeFileSync(file, text);
        expect(readSync(file)).toEqual(await readAsync(file));
      }),
      { numRuns: 60 },
    );
  });

  it('a byte that is not UTF-8 in the third chunk: the events of the first two chunks, then the error', async () => {
    const good = utf8(`${ndjson(Array.from({ length: 3000 }, (_, i) => apiCall(i)))}\n`);
    const bad = new Uint8Array([...good.subarray(0, 150_000), 0xff, ...good.subarray(150_000)]);
    const file = writeBytes('late.ndjson', bad);
    // The lines that end in the first 2 x 64 KiB.
    const complete = good.subarray(0, 2 * 65536).filter((byte) => byte === 10).length;
    const sync = readSync(file);
    expect(sync).toEqual(await readAsync(file));
    expect(sync.events).toEqual(Array.from({ length: complete }, (_, i) => apiCall(i)));
    expect(sync.error?.message).toBe(`${file} is not UTF-8 text; save the events file as UTF-8.`);
  });

  it('the bad line is named with its line, path and hint (examples: line 3 of a 4-line file)', () => {
    const file = badLineFile();
    const { events, error } = readSync(file);
    expect(events.map((e) => e.transaction_id)).toEqual(['tr_1', 'tr_2']);
    expect(error?.path).toEqual(['timestamp']);
    expect(error?.message).toMatch(
      new RegExp(`^${file.replaceAll('.', '\\.')} line 3: Could not decode UsageEvent: 1 problem`),
    );
  });
});

describe('reading past bad records, with the line of each event', () => {
  it('onRejected hears the bad line (3 of 4) and the events after it are read', () => {
    const file = badLineFile();
    const bad: [string, number][] = [];
    const source = readEventsSync(file, { onRejected: (error, at) => bad.push([error.code, at]) });
    const lines: number[] = [];
    const ids: string[] = [];
    for (const event of source.events) {
      ids.push(event.transaction_id);
      lines.push(source.line());
    }
    expect(ids).toEqual(['tr_1', 'tr_2', 'tr_4']);
    expect(lines).toEqual([1, 2, 4]);
    expect(bad).toEqual([['invalid_input', 3]]);
    expect(source.error()).toBeUndefined();
    expect(source.count()).toBe(3);
  });

  it('blank lines count; an element of a JSON array is on the line it starts on', () => {
    const ndjsonFile = writeTemp(
      'blank-lines.ndjson',
      `\n${line(apiCall(1))}\n\n${line(apiCall(2))}\n`,
    );
    const arrayFile = writeTemp(
      'array-lines.json',
      `[\n  ${line(apiCall(1))},\n\n  ${line(apiCall(2))}\n]`,
    );
    for (const [file, expected] of [
      [ndjsonFile, [2, 4]],
      [arrayFile, [2, 4]],
    ] as const) {
      const source = readEventsSync(file, { onRejected: () => undefined });
      const lines: number[] = [];
      for (const _ of source.events) lines.push(source.line());
      expect(lines).toEqual(expected);
    }
  });

  it('an error of the whole file still ends the events, with onRejected too', () => {
    const file = writeTemp('broken-array.json', `[${line(apiCall(1))},,${line(apiCall(2))}]`);
    const bad: number[] = [];
    const source = readEventsSync(file, { onRejected: (_, at) => bad.push(at) });
    expect([...source.events].map((e) => e.transaction_id)).toEqual(['tr_1']);
    expect(bad).toEqual([]);
    expect(source.error()?.code).toBe('invalid_json');
  });

  it('name: the file as messages name it', () => {
    const source = readEventsSync(badLineFile(), { name: 'history.ndjson' });
    expect([...source.events]).toHaveLength(2);
    expect(source.error()?.message).toMatch(/^history\.ndjson line 3: /);
  });
});

describe('lazy reading in 64 KiB chunks, with progress', () => {
  const file = () =>
    writeTemp('progress.ndjson', ndjson(Array.from({ length: 2000 }, (_, i) => apiCall(i))));

  it('reports each 64 KiB chunk, up to the file size', () => {
    const path = file();
    const size = statSync(path).size;
    const seen: ReadProgress[] = [];
    const { count, error } = readSync(path, { onProgress: (p) => seen.push(p) });
    expect(error).toBeUndefined();
    expect(count).toBe(2000);
    expect(seen.map((p) => p.bytesRead)).toEqual(
      Array.from({ length: Math.ceil(size / 65536) }, (_, i) => Math.min((i + 1) * 65536, size)),
    );
    expect(seen.every((p) => p.totalBytes === size)).toBe(true);
  });

  it('reads no further than the consumer asks: the first event costs one chunk', () => {
    const seen: number[] = [];
    const source = readEventsSync(file(), { onProgress: (p) => seen.push(p.bytesRead) });
    expect(seen).toEqual([]);
    const first = source.events[Symbol.iterator]().next();
    expect(first).toEqual({ done: false, value: apiCall(0) });
    expect(seen).toEqual([65536]);
    expect(source.count()).toBe(1);
  });

  it('the file is opened when iteration starts, not before', () => {
    const path = tempPath('later.ndjson');
    const source = readEventsSync(path);
    writeFileSync(path, ndjson([apiCall(1)]));
    expect([...source.events]).toEqual([apiCall(1)]);
    expect(source.error()).toBeUndefined();
  });

  it('the engine aggregates the source in one pass: 91755 calls (examples/cli README hand check)', () => {
    const source = readEventsSync(examplePath('events.ndjson'));
    const calls = aggregate(
      { code: 'api_calls', aggregation_type: 'sum_agg', field_name: 'calls' },
      source.events,
      { from_datetime: '2026-11-01T00:00:00Z', to_datetime: '2026-11-30T23:59:59Z' },
    );
    expect(calls._tag === 'Right' && [calls.right.aggregation, calls.right.count]).toEqual([
      '91755',
      80,
    ]);
    expect(source.error()).toBeUndefined();
    expect(source.count()).toBe(200);
  });
});

describe('one pass, and the file is closed', () => {
  /** The descriptors this process has open (Linux). */
  const openDescriptors = () => readdirSync('/proc/self/fd').length;

  it('a second iteration yields nothing and records an unreadable_file error', () => {
    const source = readEventsSync(writeTemp('twice.ndjson', ndjson([apiCall(1), apiCall(2)])));
    expect([...source.events].length).toBe(2);
    expect(source.error()).toBeUndefined();
    expect([...source.events]).toEqual([]);
    expect(source.error()?.code).toBe('unreadable_file');
    expect(source.error()?.message).toContain('its events were already iterated once');
    expect(source.count()).toBe(2);
  });

  it('a second iteration keeps the error that stopped the first', () => {
    const source = readEventsSync(writeTemp('twice-bad.ndjson', `${line(apiCall(1))}\n{]`));
    expect([...source.events].length).toBe(1);
    const first = source.error();
    expect(first?.code).toBe('invalid_json');
    expect([...source.events]).toEqual([]);
    expect(source.error()).toBe(first);
  });

  it('stopping early closes the file, and reading to the end too', () => {
    const path = writeTemp('early.ndjson', ndjson([apiCall(1), apiCall(2), apiCall(3)]));
    const before = openDescriptors();
    const source = readEventsSync(path);
    for (const event of source.events) {
      expect(openDescriptors()).toBe(before + 1);
      if (event.transaction_id === 'tr_2') break;
    }
    expect(openDescriptors()).toBe(before);
    expect(source.count()).toBe(2);
    expect(source.error()).toBeUndefined();
    readSync(path);
    expect(openDescriptors()).toBe(before);
  });
});

describe('standard input', () => {
  it('"-" reads the given descriptor, names it "standard input" and leaves it open', () => {
    const path = writeTemp('stdin.ndjson', ndjson([apiCall(1), { code: 'api_calls' }]));
    const fd = openSync(path, 'r');
    try {
      const seen: ReadProgress[] = [];
      const { events, error } = readSync('-', { stdin: fd, onProgress: (p) => seen.push(p) });
      expect(events).toEqual([apiCall(1)]);
      expect(error?.message).toMatch(/^standard input line 2: Could not decode UsageEvent/);
      expect(seen.map((p) => p.totalBytes)).toEqual([undefined]);
      expect(fstatSync(fd).isFile()).toBe(true);
    } finally {
      closeSync(fd);
    }
  });

  /** A script that reads its standard input with readEventsSync and prints what it got. */
  function stdinScript(nonBlocking: boolean): string {
    const source = repoPath('packages/sources/src/index.ts');
    return writeTemp(
      `stdin-${nonBlocking}.ts`,
      [
        `import { readEventsSync } from ${JSON.stringify(source)};`,
        // Touching process.stdin makes a pipe non-blocking: readSync then meets EAGAIN.
        nonBlocking ? 'process.stdin.pause();' : '',
        `process.stderr.write('reading\\n');`,
        `const source = readEventsSync('-');`,
        'const ids = [...source.events].map((e) => e.transaction_id);',
        'process.stdout.write(JSON.stringify({ ids, error: source.error()?.message ?? null }));',
        'process.exit(0);',
      ].join('\n'),
    );
  }

  const tsx = repoPath('node_modules/.bin/tsx');
  const args = (nonBlocking: boolean) => ['--conditions=@feecast/source', stdinScript(nonBlocking)];

  it('reads descriptor 0 of a process, fed through a pipe', () => {
    const events = Array.from({ length: 20_000 }, (_, i) => apiCall(i));
    const run = spawnSync(tsx, args(false), {
      input: ndjson(events),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.stderr).toBe('reading\n');
    const out = JSON.parse(run.stdout) as { ids: string[]; error: string | null };
    expect(out.error).toBeNull();
    expect(out.ids).toEqual(events.map((e) => e.transaction_id));
  }, 30_000);

  it('waits for a slow writer on a non-blocking standard input', async () => {
    const child = spawn(tsx, args(true));
    let out = '';
    let err = '';
    child.stdout.on('data', (data: Buffer) => {
      out += data.toString();
    });
    child.stderr.on('data', (data: Buffer) => {
      err += data.toString();
    });
    const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
    const reading = new Promise<void>((resolve) => child.stderr.once('data', () => resolve()));
    const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 200));
    // The child is blocked in readEventsSync before the first byte arrives, and again between.
    await reading;
    await pause();
    const text = `${ndjson([apiCall(1), apiCall(2)])}\n`;
    child.stdin.write(text.slice(0, 70));
    await pause();
    child.stdin.end(text.slice(70));
    await closed;
    expect(err).toBe('reading\n');
    expect(JSON.parse(out)).toEqual({ ids: ['tr_1', 'tr_2'], error: null });
  }, 30_000);
});

describe('a 50 MB file', () => {
  it.each(['ndjson', 'array'] as const)(
    '%s: the sync reader reads every event and the heap does not grow with the file',
    async (layout) => {
      const file = await writeBig(`big-sync.${layout}`, 50, layout);
      expect(statSync(file).size).toBeGreaterThanOrEqual(50 * 1024 * 1024);
      const probe = createHeapProbe();
      const source = readEventsSync(file);
      let count = 0;
      for (const _event of source.events) {
        count++;
        if (count % 50_000 === 0) probe.sample();
      }
      expect(source.error()).toBeUndefined();
      expect(source.count()).toBe(count);
      expect(count).toBeGreaterThan(300_000);
      // Holding the file would take 50 MB or more; the reader holds a chunk and one event.
      expect(probe.peak()).toBeLessThan(16 * 1024 * 1024);
    },
    180_000,
  );
});
