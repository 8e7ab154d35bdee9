/**
 * The formats of an events file, and how a reader tells them: the option, the file's name
 * (`.csv`, `.parquet`, with `.gz` for gzip), or the first bytes (gzip's and Parquet's magic).
 */
import type { TextFormat } from './event-decoder';

/** The formats of an events file: the text layouts, and Parquet. */
export type EventFormat = TextFormat | 'parquet';

/**
 * Every format, for option parsers and messages.
 *
 * @example
 * EVENT_FORMATS.includes('csv') // true
 */
export const EVENT_FORMATS: readonly EventFormat[] = ['ndjson', 'json', 'csv', 'parquet'];

/**
 * Whether a file's name says it is gzip-compressed (`.gz`).
 *
 * @example
 * isGzipName('events.csv.gz') // => true
 * isGzipName('events.csv') // => false
 */
export function isGzipName(name: string): boolean {
  return /\.gz$/i.test(name);
}

/**
 * The format a file's name tells, before any `.gz`: `.csv` is CSV, `.parquet` (or `.pq`) is
 * Parquet. Other names (`.ndjson`, `.json`, none) tell nothing: NDJSON and JSON are told apart
 * by the text itself.
 *
 * @example
 * formatFromName('usage/2026-11.csv.gz') // => 'csv'
 * formatFromName('events.ndjson') // => undefined
 */
export function formatFromName(name: string): EventFormat | undefined {
  const base = name.replace(/\.gz$/i, '');
  if (/\.csv$/i.test(base)) return 'csv';
  if (/\.(parquet|pq)$/i.test(base)) return 'parquet';
  return undefined;
}

/**
 * Whether bytes start as gzip data does (`1f 8b`).
 *
 * @example
 * hasGzipMagic(new Uint8Array([0x1f, 0x8b, 8])) // => true
 * hasGzipMagic(new TextEncoder().encode('{"a"')) // => false
 */
export function hasGzipMagic(bytes: Uint8Array): boolean {
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * Whether bytes start as a Parquet file does (`PAR1`).
 *
 * @example
 * hasParquetMagic(new TextEncoder().encode('PAR1...')) // => true
 */
export function hasParquetMagic(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x41 && bytes[2] === 0x52 && bytes[3] === 0x31;
}
