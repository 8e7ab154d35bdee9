/**
 * What the file readers of events share: their settings, their progress reports, the size
 * of the chunks they read, and the settings they give the decoder.
 */
import type { FeecastError } from '@feecast/engine';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import type { EventStreamOptions, TextFormat } from './event-decoder';
import type { EventFormat } from './file-format';
import { fileError } from './read-text-file';

/** How far reading has got. */
export interface ReadProgress {
  readonly bytesRead: number;
  /** The file's size; `undefined` for standard input and other streams. */
  readonly totalBytes: number | undefined;
}

/** Settings of every reader of an events file. */
export interface ReadOptions {
  /**
   * The format. By default the file's name tells CSV (`.csv`, `.csv.gz`) and Parquet
   * (`.parquet`), a Parquet file's first bytes tell it too, and NDJSON and JSON (an array or
   * an envelope) are told apart by their first character. Gzip is always told by the first
   * bytes, whatever the name.
   */
  readonly format?: EventFormat;
  /** Called after each chunk read (64 KiB); for Parquet, after each row group. */
  readonly onProgress?: (progress: ReadProgress) => void;
  /** The longest event accepted, in characters (default 16 Mi). */
  readonly maxRecordChars?: number;
  /** The file's name in messages (default: the path; `standard input` for `-`). */
  readonly name?: string;
}

/** Bytes read from a file per chunk. */
export const CHUNK_BYTES = 64 * 1024;

/** What the readers know of a file from `stat`. */
export interface FileStats {
  isFile(): boolean;
  isDirectory(): boolean;
  readonly size: number;
}

/**
 * The size of a file to read events from (`undefined` for a pipe or a device), or an
 * `unreadable_file` error for a directory.
 *
 * @example
 * sizeFromStats('events.ndjson', statSync('events.ndjson')) // right(1048576)
 * sizeFromStats('examples', statSync('examples')) // left({ code: 'unreadable_file', ... })
 */
export function sizeFromStats(
  file: string,
  stats: FileStats,
): Either<FeecastError, number | undefined> {
  if (stats.isDirectory()) return left(fileError(file, { code: 'EISDIR' }));
  return right(stats.isFile() ? stats.size : undefined);
}

/**
 * The file's name in messages: `options.name`, else the path (`-` is `standard input`).
 *
 * @example
 * displayName('-', {}) // 'standard input'
 */
export function displayName(file: string, options: ReadOptions): string {
  return options.name ?? (file === '-' ? 'standard input' : file);
}

/**
 * The decoder's settings for reading `file` as `format` (named as {@link displayName} says),
 * with progress reported against `totalBytes`.
 *
 * @example
 * decoderOptions('-', {}, undefined, 'ndjson') // { file: 'standard input', format: 'ndjson' }
 */
export function decoderOptions(
  file: string,
  options: ReadOptions,
  totalBytes: number | undefined,
  format: TextFormat | undefined,
): EventStreamOptions {
  const { onProgress } = options;
  return {
    file: displayName(file, options),
    ...(format === undefined ? {} : { format }),
    ...(options.maxRecordChars === undefined ? {} : { maxRecordChars: options.maxRecordChars }),
    ...(onProgress === undefined
      ? {}
      : { onBytes: (bytesRead: number) => onProgress({ bytesRead, totalBytes }) }),
  };
}
