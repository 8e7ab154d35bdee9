/**
 * The push core of every events reader: chunks of bytes or text go in, usage events (or the
 * errors that name the file, line and problem) come out. It settles the layout (NDJSON or a
 * JSON array), decodes UTF-8 across chunk boundaries, drops the byte-order mark, splits the
 * text into records, and parses and decodes each record; memory holds one unfinished event.
 * The asynchronous and the synchronous readers are thin loops around it.
 */
import { type FeecastError, feecastError } from '@feecast/engine';
import { UsageEvent } from '@feecast/models';
import { type Either, left } from 'fp-ts/lib/Either.js';
import { decodeIn } from './decode-in';
import { createJsonArraySplitter } from './json-array-splitter';
import { parseJsonText } from './json-text';
import { createLineSplitter } from './line-splitter';
import { errorCode, fileError } from './read-text-file';
import type { RawRecord, RecordSplitter, SplitStep } from './record-splitter';

/** The two layouts of an events file. */
export type EventFormat = 'ndjson' | 'json-array';

/** Settings of {@link createEventDecoder} (and of the readers built on it). */
export interface EventStreamOptions {
  /** The file, as the user named it, for messages. */
  readonly file: string;
  /** The layout; by default `json-array` when the first non-blank character is `[`, else `ndjson`. */
  readonly format?: EventFormat;
  /** The longest event accepted, in characters (default 16 Mi). */
  readonly maxRecordChars?: number;
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

const HINTS: Readonly<Record<EventFormat, string>> = {
  ndjson: `each line of an NDJSON events file is one event, such as ${EXAMPLE} (a pretty-printed JSON document must be an array: [{...}, {...}]).`,
  'json-array': `each element of a JSON array of events is one event, such as ${EXAMPLE}.`,
};

/** Blank text read before the layout is settled, at most (then it is NDJSON). */
const SNIFF_LIMIT = 1024 * 1024;

const BOM = 0xfeff;

/** The layout of a file and the splitter of its records. */
interface Layout {
  readonly format: EventFormat;
  readonly splitter: RecordSplitter;
}

/** The first non-blank character decides the layout. */
function sniff(text: string): EventFormat | undefined {
  const match = /[^\s\uFEFF]/.exec(text);
  if (match === null) return undefined;
  return match[0] === '[' ? 'json-array' : 'ndjson';
}

function layoutOf(format: EventFormat, options: EventStreamOptions): Layout {
  const settings = {
    file: options.file,
    ...(options.maxRecordChars === undefined ? {} : { maxRecordChars: options.maxRecordChars }),
  };
  const splitter =
    format === 'ndjson' ? createLineSplitter(settings) : createJsonArraySplitter(settings);
  return { format, splitter };
}

/** Parses and decodes one record. */
function eventOf(record: RawRecord, format: EventFormat, file: string): EventItem {
  const hint = HINTS[format];
  const what = format === 'json-array' ? `element ${record.index} of the array` : undefined;
  const json = parseJsonText(record.text, {
    file,
    line: record.line,
    hint,
    ...(what === undefined ? {} : { what }),
  });
  if (json._tag === 'Left') return json;
  const prefix = format === 'json-array' ? `[${record.index}]` : '';
  return decodeIn(UsageEvent, json.right, { file, line: record.line, prefix, hint });
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
 * decoder.push('{"transaction_id": "tr_1", "code": "api_calls", "timestamp": 1762000000}\n{"tra');
 * // [right({ transaction_id: 'tr_1', code: 'api_calls', timestamp: 1762000000 })]
 * decoder.push(new TextEncoder().encode('nsaction_id": "tr_2", "code": "api_calls"}'));
 * // []
 * decoder.end();
 * // [left({ code: 'invalid_input', message: 'events.ndjson line 2: Could not decode UsageEvent: ...' })]
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
 * decoder.push('\n{"transaction_id": "tr_1", "code": "api_calls", "timestamp": 1762000000}\n');
 * // [{ item: right({ transaction_id: 'tr_1', ... }), line: 2 }]
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

  /** The events of a step of the splitter; a broken file ends the decoder. */
  const take = (step: SplitStep, format: EventFormat): LocatedItem[] => {
    const items = step.records.map(
      (record): LocatedItem => ({ item: eventOf(record, format, file), line: record.line }),
    );
    if (step.error !== undefined) for (const item of stop(step.error)) items.push(item);
    return items;
  };

  /** Splits `text`; with `last`, ends the file (settling the layout if it is still open). */
  const split = (text: string, last: boolean): LocatedItem[] => {
    let current = layout;
    let fresh = text;
    if (current === undefined) {
      head += text;
      const sniffed = sniff(head);
      // Only blank text so far: wait for more, unless the text ends or the blank grows long
      // (then it is NDJSON, whose splitter skips blank lines and counts them).
      if (sniffed === undefined && !last && head.length < SNIFF_LIMIT) return [];
      current = layoutOf(sniffed ?? 'ndjson', options);
      layout = current;
      fresh = head;
      head = '';
    }
    const items = take(current.splitter.push(fresh), current.format);
    if (last && !done)
      for (const item of take(current.splitter.end(), current.format)) items.push(item);
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
