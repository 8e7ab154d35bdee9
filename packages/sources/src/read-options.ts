/**
 * What the file readers of events share: their settings, their progress reports, the size
 * of the chunks they read, and the settings they give the decoder.
 */
import type { FeecastError } from '@feecast/engine';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import type { EventFormat, EventStreamOptions } from './event-decoder';
import { fileError } from './read-text-file';

/** How far reading has got. */
export interface ReadProgress {
  readonly bytesRead: number;
  /** The file's size; `undefined` for standard input and other streams. */
  readonly totalBytes: number | undefined;
}

/** Settings of every reader of an events file. */
export interface ReadOptions {
  /** The layout; sniffed from the first non-blank character by default. */
  readonly format?: EventFormat;
  /** Called after each chunk read (64 KiB). */
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
 * The decoder's settings for reading `file` (named `options.name` in messages, else the path;
 * `-` is `standard input`), with progress reported against `totalBytes`.
 *
 * @example
 * decoderOptions('-', { format: 'ndjson' }, undefined) // { file: 'standard input', format: 'ndjson' }
 */
export function decoderOptions(
  file: string,
  options: ReadOptions,
  totalBytes: number | undefined,
): EventStreamOptions {
  const { onProgress } = options;
  return {
    file: options.name ?? (file === '-' ? 'standard input' : file),
    ...(options.format === undefined ? {} : { format: options.format }),
    ...(options.maxRecordChars === undefined ? {} : { maxRecordChars: options.maxRecordChars }),
    ...(onProgress === undefined
      ? {}
      : { onBytes: (bytesRead: number) => onProgress({ bytesRead, totalBytes }) }),
  };
}
