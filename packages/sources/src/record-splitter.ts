/**
 * The common shape of the streaming readers of event files: text goes in chunk by chunk,
 * complete records (one event's JSON text) come out, and only the unfinished record is held.
 */
import { type FeecastError, feecastError } from '@feecast/engine';

/** The JSON text of one record and where it starts. */
export interface RawRecord {
  readonly text: string;
  /** The line of the file the record starts on (1-based). */
  readonly line: number;
  /** The record's position among the file's records (0-based). */
  readonly index: number;
  /** The record's path in the document (`[3]`, `events[3]`); none for a line of NDJSON. */
  readonly path?: string;
}

/**
 * What one step of a splitter gives: the records completed, and the error that stopped it
 * (after those records) when the text is broken. After an error the splitter reads no more.
 */
export interface SplitStep {
  readonly records: readonly RawRecord[];
  readonly error?: FeecastError;
}

/** A push reader of records. */
export interface RecordSplitter {
  /** Reads the next chunk of text; returns the records it completes. */
  push(text: string): SplitStep;
  /** Ends the text; returns the last record, or the error of an unfinished file. */
  end(): SplitStep;
  /** The characters held for the unfinished record: bounded by the longest record. */
  readonly pending: number;
}

/** Settings of a splitter. */
export interface SplitterOptions {
  /** The file, as the user named it, for messages. */
  readonly file: string;
  /** The longest record accepted, in characters (default {@link MAX_RECORD_CHARS}). */
  readonly maxRecordChars?: number;
}

/** 16 Mi characters: far above any event, low enough to keep memory bounded. */
export const MAX_RECORD_CHARS = 16 * 1024 * 1024;

/**
 * The error of a record longer than the limit (a missing line break, a runaway string...).
 *
 * @example
 * tooLong('events.ndjson', 3, 16).message // 'events.ndjson line 3: an event is longer than 16 characters; ...'
 */
export function tooLong(file: string, line: number, limit: number): FeecastError {
  return feecastError(
    'invalid_input',
    `${file} line ${line}: an event is longer than ${limit} characters; each event must be one JSON object (in NDJSON, one per line).`,
    undefined,
    { file, line },
  );
}

/**
 * The error of a file whose structure is broken at a line and column.
 *
 * @example
 * syntaxError('events.json', 1, 5, 'expected "," or "]"').code // 'invalid_json'
 */
export function syntaxError(
  file: string,
  line: number,
  column: number,
  problem: string,
): FeecastError {
  return feecastError(
    'invalid_json',
    `${file} line ${line}, column ${column}: ${problem}. An events file is NDJSON (one JSON event per line), one JSON array of events or an envelope {"events": [...]}.`,
    undefined,
    { file, line, column },
  );
}
