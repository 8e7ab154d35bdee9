// Shared builders of the input suites: the shared wire fixtures, temporary files, chunked
// streams and generated usage events.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The path of a shared wire fixture (`../shared/fixtures/wire/<file>`). */
export function fixturePath(file: string): string {
  return resolve(repoRoot, '../shared/fixtures/wire', file);
}

/** A shared wire fixture, parsed. */
export function fixture(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(fixturePath(file), 'utf8')) as Record<string, unknown>;
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
