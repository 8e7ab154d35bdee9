// Shared builders of the reader suites: temporary files, chunked streams, generated usage
// events and big event files, and heap measurements. The command's suites use some of them.
import { createWriteStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The path of a file of this repository. */
export function repoPath(path: string): string {
  return resolve(repoRoot, path);
}

/** The path of a file of the bundled command examples (`examples/cli/<file>`). */
export function examplePath(file: string): string {
  return resolve(repoRoot, 'examples/cli', file);
}

let scratch: string | undefined;

/** A fresh path in this run's scratch directory. */
export function tempPath(name: string): string {
  scratch ??= mkdtempSync(join(tmpdir(), 'feecast-inputs-'));
  return join(scratch, name);
}

/** Writes `content` (JSON-encoded unless a string) to a scratch file; returns its path. */
export function writeTemp(name: string, content: unknown): string {
  const path = tempPath(name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}

/** `text` as a stream of chunks cut at `cuts` (positions, in any order). */
export async function* chunked(text: string, cuts: readonly number[]): AsyncGenerator<string> {
  const points = [...new Set(cuts.map((c) => Math.min(Math.max(0, c), text.length)))].sort(
    (a, b) => a - b,
  );
  let start = 0;
  for (const point of points) {
    yield text.slice(start, point);
    start = point;
  }
  yield text.slice(start);
}

/** `bytes` as a stream of byte chunks cut at `cuts` (which may fall inside a character). */
export async function* chunkedBytes(
  bytes: Uint8Array,
  cuts: readonly number[],
): AsyncGenerator<Uint8Array> {
  const points = [...new Set(cuts.map((c) => Math.min(Math.max(0, c), bytes.length)))].sort(
    (a, b) => a - b,
  );
  let start = 0;
  for (const point of points) {
    yield bytes.subarray(start, point);
    start = point;
  }
  yield bytes.subarray(start);
}

/** `whole` (text or bytes) cut at `cuts` (positions from 0 to its length, in any order). */
export function pieces<T extends string | Uint8Array>(whole: T, cuts: readonly number[]): T[] {
  const points = [...new Set(cuts)].sort((a, b) => a - b);
  let start = 0;
  const out: T[] = [];
  for (const point of [...points, whole.length]) {
    out.push(whole.slice(start, point) as T);
    start = point;
  }
  return out;
}

/** Everything an async iterable yields. */
export async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** A valid usage event of the `api_calls` metric, numbered `i`. */
export function apiCall(i: number, calls = String(i % 97), region = 'eu'): Record<string, unknown> {
  const day = String((i % 28) + 1).padStart(2, '0');
  return {
    transaction_id: `tr_${i}`,
    external_subscription_id: 'sub_acme',
    code: 'api_calls',
    timestamp: `2026-11-${day}T10:00:00Z`,
    properties: { calls, region },
  };
}

/** Valid usage events with varied (and non-ASCII) property values. */
export const usageEvent: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    transaction_id: fc.string({ minLength: 1, maxLength: 12 }),
    external_subscription_id: fc.constantFrom('sub_1', 'sub_ä'),
    code: fc.constantFrom('api_calls', 'storage'),
    timestamp: fc.oneof(
      fc.integer({ min: 1_700_000_000, max: 1_800_000_000 }),
      fc.constantFrom('2026-11-01T00:00:00Z', '2026-11-30T23:59:59.999Z'),
    ),
    properties: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), {
      maxKeys: 4,
    }),
  },
  { requiredKeys: ['transaction_id', 'code', 'timestamp'] },
);

/** Cut points for a text of `length` characters. */
export function cutsFor(length: number): fc.Arbitrary<number[]> {
  return fc.array(fc.integer({ min: 0, max: Math.max(0, length) }), { maxLength: 12 });
}

/** One record of an events file: a valid event, an invalid one, broken JSON, any text. */
const eventRecord: fc.Arbitrary<string> = fc.oneof(
  usageEvent.map((event) => JSON.stringify(event)),
  usageEvent.map((event) => JSON.stringify(event, null, 2)),
  fc.constantFrom(
    '{"code": "api_calls"}',
    '{"transaction_id": "tr_x", "code": "api_calls", "timestamp": "15/11/2026"}',
    '{"code": "api_calls",, }',
    '',
    '  ',
  ),
  fc.string({ unit: 'binary', maxLength: 8 }),
);

/**
 * The text of an events file with good and bad records: NDJSON (LF or CRLF) or a JSON
 * array, with or without a byte-order mark, blank text before or not.
 */
export const eventsFileText: fc.Arbitrary<string> = fc
  .record({
    records: fc.array(eventRecord, { maxLength: 10 }),
    layout: fc.constantFrom('ndjson', 'array'),
    newline: fc.constantFrom('\n', '\r\n'),
    bom: fc.boolean(),
    lead: fc.constantFrom('', '\n \n', '\t'),
  })
  .map(({ records, layout, newline, bom, lead }) => {
    const body =
      layout === 'array'
        ? `[${newline}${records.join(`,${newline}`)}${newline}]`
        : records.map((record) => record.replaceAll('\n', ' ')).join(newline);
    return `${bom ? '\uFEFF' : ''}${lead}${body}`;
  });

/** Writes a file of at least `megabytes` MB of events without holding it in memory. */
export async function writeBig(
  name: string,
  megabytes: number,
  layout: 'ndjson' | 'array',
): Promise<string> {
  const path = tempPath(name);
  const out = createWriteStream(path);
  let written = 0;
  let i = 0;
  if (layout === 'array') out.write('[');
  while (written < megabytes * 1024 * 1024) {
    let batch = '';
    for (let k = 0; k < 1000; k++, i++) {
      const line = JSON.stringify(apiCall(i, `${i % 997}.25`));
      batch += layout === 'array' ? `${i === 0 ? '' : ',\n'}${line}` : `${line}\n`;
    }
    written += batch.length;
    if (!out.write(batch)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  if (layout === 'array') out.write(']');
  await new Promise<void>((resolve) => out.end(() => resolve()));
  return path;
}

setFlagsFromString('--expose-gc');
/** Runs a full garbage collection (for heap measurements). */
export const gc = runInNewContext('gc') as () => void;

/** The heap's growth since it was created, sampled after a garbage collection. */
export interface HeapProbe {
  /** Collects garbage and records the heap's growth. */
  sample(): void;
  /** The largest growth sampled, in bytes. */
  peak(): number;
}

/** A probe of the heap's growth from now. */
export function createHeapProbe(): HeapProbe {
  gc();
  const before = process.memoryUsage().heapUsed;
  let peak = 0;
  return {
    sample() {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed - before);
    },
    peak: () => peak,
  };
}
