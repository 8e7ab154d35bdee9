/**
 * The push core of every reader of text events: chunks of bytes or text go in, usage events
 * (or the errors that name the file, line and problem) come out. It settles the layout
 * (NDJSON, a JSON array or envelope, CSV), decodes UTF-8 across chunk boundaries, drops the
 * byte-order mark, splits the text into records, and parses and decodes each record; memory
 * holds one unfinished event. The asynchronous and the synchronous readers are thin loops
 * around it.
 */
import { type FeecastError, feecastError } from '@feecast/engine';
import { UsageEvent } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { CSV_HINT, type CsvHeader, csvHeader, csvRecord } from './csv-events';
import { type CsvRow, createCsvSplitter } from './csv-splitter';
import { decodeIn } from './decode-in';
import { createJsonArraySplitter } from './json-array-splitter';
import { parseJsonText } from './json-text';
import { createLineSplitter } from './line-splitter';
import { PARQUET_HINT } from './parquet-hint';
import { errorCode, fileError } from './read-text-file';
import type { RawRecord, SplitStep, SplitterOptions } from './record-splitter';

/**
 * The layouts of a text events file: NDJSON (one event per line), JSON (an array of events,
 * or an envelope `{"events": [...]}`), CSV with a header.
 */
export type TextFormat = 'ndjson' | 'json' | 'csv';

/** Settings of {@link createEventDecoder} (and of the readers built on it). */
export interface EventStreamOptions {
  /** The file, as the user named it, for messages. */
  readonly file: string;
  /**
   * The layout. By default it is sniffed: `json` when the first non-blank character is `[`,
   * or `{` followed by the key `"events"`; else `ndjson`. CSV is never sniffed: name it.
   */
  readonly format?: TextFormat;
  /** The longest event accepted, in characters (default 16 Mi). */
  readonly maxRecordChars?: number;
  /**
   * What a record's line is called in messages: `line` (default), or `row` for NDJSON whose
   * line `n` holds row `n` of another file (a Parquet file's rows, spooled).
   */
  readonly unit?: 'line' | 'row';
  /** Called after each chunk with the bytes (or characters, for text chunks) read so far. */
  readonly onBytes?: (bytesRead: number) => void;
}

/** One step of reading: an event, or what is wrong with a record or with the file. */
export type EventItem = Either<FeecastError, UsageEvent>;

/**
 * An {@link EventItem} and where it is: the line its record starts on. An error of the file
 * itself (bad array structure, a record over the length limit, bytes that are not UTF-8, a
 * read error) has no line: it ends the reading.
 */
export interface LocatedItem {
  readonly item: EventItem;
  /** The line the record starts on (1-based); `undefined` for an error of the whole file. */
  readonly line?: number;
}

/**
 * A push decoder of usage events, yielding items of type `T`. A record that is not JSON or
 * not a valid event gives a `Left` and decoding goes on; a broken file (bad array structure,
 * a record over the length limit, bytes that are not UTF-8, a read error given to `fail`)
 * gives a final `Left`, after which the decoder is `done` and yields nothing more.
 */
export interface EventDecoder<T = EventItem> {
  /** Reads the next chunk (bytes are UTF-8; a character may straddle two chunks). */
  push(chunk: string | Uint8Array): T[];
  /** Ends the input: the last events, or the error of an unfinished file. */
  end(): T[];
  /** Records that the source broke (a read error): one final `unreadable_file` error. */
  fail(cause: unknown): T[];
  /** `true` after `end`, `fail` or a broken file: the caller can stop reading. */
  readonly done: boolean;
}

const EXAMPLE =
  '{"transaction_id": "tr_1", "external_subscription_id": "sub_1", "code": "api_calls", "timestamp": "2026-11-01T10:00:00Z", "properties": {"calls": "12"}}';

/** What each JSON layout holds, for the hints of its errors. */
export const HINTS: Readonly<Record<'ndjson' | 'json', string>> = {
  ndjson: `each line of an NDJSON events file is one event, such as ${EXAMPLE} (a pretty-printed JSON document must be an array: [{...}, {...}], or an envelope {"events": [...]}).`,
  json: `each element of a JSON array of events (or of the "events" array of an envelope) is one event, such as ${EXAMPLE}.`,
};

/** Blank text read before the layout is settled, at most (then it is NDJSON). */
const SNIFF_LIMIT = 1024 * 1024;

const BOM = 0xfeff;

/** What {@link eventOf} holds for a record that is not JSON (no JSON value is this object). */
const NOT_JSON: unknown = Object.freeze({});

/** What a layout gives for a step: the records' items, and the error that broke the file. */
interface LayoutStep {
  readonly items: LocatedItem[];
  readonly error?: FeecastError;
}

/** A layout's reader of text: it splits records and turns each into an event or an error. */
interface Layout {
  push(text: string): LayoutStep;
  end(): LayoutStep;
}

/** The first key of an envelope, right after its `{`. */
const ENVELOPE_START = /^\{\s*"events"/;
/** Text that may still grow into {@link ENVELOPE_START}. */
const ENVELOPE_PREFIX = /^\{\s*("e?v?e?n?t?s?)?$/;

/**
 * The layout that the first non-blank text shows: `json` for `[` or `{"events"`, else
 * `ndjson`; `undefined` while the text could still be either (blank, or `{` and part of a key).
 */
function sniff(text: string, last: boolean): TextFormat | undefined {
  const match = /[^\s\uFEFF]/.exec(text);
  if (match === null) return undefined;
  if (match[0] === '[') return 'json';
  if (match[0] !== '{') return 'ndjson';
  const rest = text.slice(match.index);
  if (ENVELOPE_START.test(rest)) return 'json';
  return ENVELOPE_PREFIX.test(rest) && !last ? undefined : 'ndjson';
}

/**
 * Parses and decodes one JSON record. A parsed record is plain data (no getters, no proxies),
 * on which the codec's type guard (`UsageEvent.is`) answers as its decode does, without the
 * decode's per-key contexts and results (most of what reading an event allocated): a valid
 * event is the parsed value itself, as decoded; only a record the guard refuses is decoded,
 * for its problems, and the messages' locations are written only for a record in error.
 */
function eventOf(
  record: RawRecord,
  format: 'ndjson' | 'json',
  file: string,
  unit: 'line' | 'row' | undefined,
): EventItem {
  let parsed: unknown;
  try {
    parsed = JSON.parse(record.text);
  } catch {
    parsed = NOT_JSON;
  }
  if (parsed !== NOT_JSON && UsageEvent.is(parsed)) return right(parsed);
  const hint = unit === 'row' ? PARQUET_HINT : HINTS[format];
  const path = record.path ?? '';
  const what = path === '' ? undefined : `element ${path}`;
  const where = { file, line: record.line, ...(unit === undefined ? {} : { unit }) };
  if (parsed === NOT_JSON) {
    // The syntax error's message (the text is parsed again, for its place).
    const json = parseJsonText(record.text, {
      ...where,
      hint,
      ...(what === undefined ? {} : { what }),
    });
    if (isLeft(json)) return json;
    parsed = json.right;
  }
  return decodeIn(UsageEvent, parsed, { ...where, prefix: path, hint });
}

/** The layout of NDJSON or JSON: a splitter of records, each parsed and decoded. */
function jsonLayout(
  format: 'ndjson' | 'json',
  settings: SplitterOptions,
  unit: 'line' | 'row' | undefined,
): Layout {
  const splitter =
    format === 'ndjson' ? createLineSplitter(settings) : createJsonArraySplitter(settings);
  const take = (step: SplitStep): LayoutStep => ({
    items: step.records.map((record) => ({
      item: eventOf(record, format, settings.file, unit),
      line: record.line,
    })),
    ...(step.error === undefined ? {} : { error: step.error }),
  });
  return { push: (text) => take(splitter.push(text)), end: () => take(splitter.end()) };
}

/** The layout of CSV: the first row is the header, each row after it one event. */
function csvLayout(settings: SplitterOptions): Layout {
  const { file } = settings;
  const splitter = createCsvSplitter(settings);
  let header: CsvHeader | undefined;
  let broken: FeecastError | undefined;
  const take = (rows: readonly CsvRow[], error: FeecastError | undefined): LayoutStep => {
    const items: LocatedItem[] = [];
    for (const row of rows) {
      if (broken !== undefined) break;
      if (header === undefined) {
        const read = csvHeader(row, file);
        if (isLeft(read)) broken = read.left;
        else header = read.right;
        continue;
      }
      const record = csvRecord(header, row, file);
      const item = isLeft(record)
        ? record
        : decodeIn(UsageEvent, record.right, {
            file,
            line: row.line,
            prefix: '',
            hint: CSV_HINT,
          });
      items.push({ item, line: row.line });
    }
    const stop = broken ?? error;
    return stop === undefined ? { items } : { items, error: stop };
  };
  return {
    push: (text) => {
      const step = splitter.push(text);
      return take(step.rows, step.error);
    },
    end: () => {
      const step = splitter.end();
      const taken = take(step.rows, step.error);
      if (header !== undefined || taken.error !== undefined) return taken;
      const message = `${file} is empty, where a CSV header was expected.\nHint: ${CSV_HINT}`;
      return {
        items: taken.items,
        error: feecastError('invalid_input', message, undefined, { file }),
      };
    },
  };
}

function layoutOf(format: TextFormat, options: EventStreamOptions): Layout {
  const settings = {
    file: options.file,
    ...(options.maxRecordChars === undefined ? {} : { maxRecordChars: options.maxRecordChars }),
  };
  return format === 'csv' ? csvLayout(settings) : jsonLayout(format, settings, options.unit);
}

function notUtf8(file: string): FeecastError {
  return feecastError(
    'invalid_input',
    `${file} is not UTF-8 text; save the events file as UTF-8.`,
    undefined,
    { file },
  );
}

/**
 * A decoder of the usage events of one file, fed chunk by chunk: `push` each chunk as it is
 * read, then `end`. Memory holds one unfinished event (and a few bytes of an unfinished
 * character), whatever the size of the file; the records come out the same however the
 * file is cut into chunks. Never throws. {@link createLocatedEventDecoder} gives each item
 * with its line.
 *
 * @example
 * const decoder = createEventDecoder({ file: 'events.ndjson' });
 * decoder.push('{"transaction_id": "tr_1", "code": "api_calls", "timestamp": 1762000000}\n{"tra')
 * // => [right({ transaction_id: 'tr_1', code: 'api_calls', timestamp: 1762000000 })]
 * decoder.push(new TextEncoder().encode('nsaction_id": "tr_2", "code": "api_calls"}')) // => []
 * decoder.end() // ~> [left({ code: 'invalid_input' })]
 */
export function createEventDecoder(options: EventStreamOptions): EventDecoder {
  const located = createLocatedEventDecoder(options);
  const items = (list: readonly LocatedItem[]) => list.map((entry) => entry.item);
  return {
    get done() {
      return located.done;
    },
    push: (chunk) => items(located.push(chunk)),
    end: () => items(located.end()),
    fail: (cause) => items(located.fail(cause)),
  };
}

/**
 * {@link createEventDecoder}, with each item's line: the line its record starts on (none for
 * an error of the whole file).
 *
 * @example
 * const decoder = createLocatedEventDecoder({ file: 'events.ndjson' });
 * decoder.push('\n{"transaction_id": "tr_1", "code": "api_calls", "timestamp": 1762000000}\n')
 * // ~> [{ item: right({ transaction_id: 'tr_1' }), line: 2 }]
 */
export function createLocatedEventDecoder(options: EventStreamOptions): EventDecoder<LocatedItem> {
  const { file } = options;
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let layout = options.format === undefined ? undefined : layoutOf(options.format, options);
  /** Blank text read while the layout is unknown. */
  let head = '';
  let seenText = false;
  let bytes = 0;
  let done = false;

  const stop = (error: FeecastError): LocatedItem[] => {
    done = true;
    head = '';
    return [{ item: left(error) }];
  };

  /** The text of a chunk (or of the bytes held, with no chunk), without a byte-order mark. */
  const textOf = (chunk: string | Uint8Array | undefined): string => {
    let text =
      typeof chunk === 'string' ? chunk : utf8.decode(chunk, { stream: chunk !== undefined });
    if (!seenText && text !== '') {
      seenText = true;
      if (text.charCodeAt(0) === BOM) text = text.slice(1);
    }
    return text;
  };

  /** The events of a step of the layout; a broken file ends the decoder. */
  const take = (step: LayoutStep): LocatedItem[] => {
    const { items } = step;
    if (step.error !== undefined) for (const item of stop(step.error)) items.push(item);
    return items;
  };

  /** Splits `text`; with `last`, ends the file (settling the layout if it is still open). */
  const split = (text: string, last: boolean): LocatedItem[] => {
    let current = layout;
    let fresh = text;
    if (current === undefined) {
      head += text;
      const sniffed = sniff(head, last);
      // Only blank text (or `{` and part of a key) so far: wait for more, unless the text
      // ends or the head grows long (then it is NDJSON, whose splitter skips blank lines).
      if (sniffed === undefined && !last && head.length < SNIFF_LIMIT) return [];
      current = layoutOf(sniffed ?? 'ndjson', options);
      layout = current;
      fresh = head;
      head = '';
    }
    const items = take(current.push(fresh));
    if (last && !done) for (const item of take(current.end())) items.push(item);
    return items;
  };

  /** Reads a chunk (`undefined`: the end of the input). */
  const read = (chunk: string | Uint8Array | undefined): LocatedItem[] => {
    if (done) return [];
    let text: string;
    try {
      text = textOf(chunk);
    } catch (error) {
      return stop(
        errorCode(error) === 'ERR_ENCODING_INVALID_ENCODED_DATA'
          ? notUtf8(file)
          : fileError(file, error),
      );
    }
    if (chunk === undefined) {
      const items = split(text, true);
      done = true;
      return items;
    }
    bytes += typeof chunk === 'string' ? chunk.length : chunk.byteLength;
    const items = split(text, false);
    options.onBytes?.(bytes);
    return items;
  };

  return {
    get done() {
      return done;
    },
    push: (chunk) => read(chunk),
    end: () => read(undefined),
    fail: (cause) => (done ? [] : stop(fileError(file, cause))),
  };
}
