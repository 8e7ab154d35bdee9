/**
 * Usage events from a stream of text or bytes, in constant memory: NDJSON (one event per
 * line) or a JSON array, each record parsed and decoded as it completes.
 */
import { type FeecastError, feecastError } from '@feecast/engine';
import { UsageEvent } from '@feecast/models';
import { type Either, left } from 'fp-ts/lib/Either.js';
import { decodeIn } from './decode-in';
import { createJsonArraySplitter } from './json-array-splitter';
import { parseJsonText } from './json-text';
import { createLineSplitter } from './line-splitter';
import { fileError } from './read-text-file';
import type { RawRecord, RecordSplitter } from './record-splitter';

/** The two layouts of an events file. */
export type EventFormat = 'ndjson' | 'json-array';

/** Settings of {@link eventsFromChunks}. */
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

const EXAMPLE =
  '{"transaction_id": "tr_1", "external_subscription_id": "sub_1", "code": "api_calls", "timestamp": "2026-11-01T10:00:00Z", "properties": {"calls": "12"}}';

const HINTS: Readonly<Record<EventFormat, string>> = {
  ndjson: `each line of an NDJSON events file is one event, such as ${EXAMPLE} (a pretty-printed JSON document must be an array: [{...}, {...}]).`,
  'json-array': `each element of a JSON array of events is one event, such as ${EXAMPLE}.`,
};

/** Blank text read before the layout is settled, at most (then it is NDJSON). */
const SNIFF_LIMIT = 1024 * 1024;

/** The first non-blank character decides the layout. */
function sniff(text: string): EventFormat | undefined {
  const match = /[^\s\uFEFF]/.exec(text);
  if (match === null) return undefined;
  return match[0] === '[' ? 'json-array' : 'ndjson';
}

function splitterFor(format: EventFormat, options: EventStreamOptions): RecordSplitter {
  const settings = {
    file: options.file,
    ...(options.maxRecordChars === undefined ? {} : { maxRecordChars: options.maxRecordChars }),
  };
  return format === 'ndjson' ? createLineSplitter(settings) : createJsonArraySplitter(settings);
}

/** Parses and decodes one record. */
function eventOf(
  record: RawRecord,
  format: EventFormat,
  file: string,
): Either<FeecastError, UsageEvent> {
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

/** The text of the chunks, decoded as UTF-8 across chunk boundaries, without a byte-order mark. */
async function* chunksAsText(
  chunks: AsyncIterable<string | Uint8Array>,
  onBytes: ((bytesRead: number) => void) | undefined,
): AsyncGenerator<string, string, undefined> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bytes = 0;
  let first = true;
  for await (const chunk of chunks) {
    bytes += typeof chunk === 'string' ? chunk.length : chunk.byteLength;
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && text !== '') {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    yield text;
    onBytes?.(bytes);
  }
  return decoder.decode();
}

function isEncodingError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === 'ERR_ENCODING_INVALID_ENCODED_DATA'
  );
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
 * The usage events of a stream, one at a time, each as `right(event)` or as `left(error)`
 * naming the file, line and problem. Memory holds one unfinished event, whatever the size
 * of the stream. A record that is not JSON or not a valid event gives a `Left` and reading
 * goes on (the caller may stop); a broken file (bad array structure, a line over the length
 * limit, bytes that are not UTF-8, a read error) gives a final `Left`. Never throws.
 *
 * @example
 * for await (const item of eventsFromChunks(createReadStream('events.ndjson'), { file: 'events.ndjson' })) {
 *   if (item._tag === 'Left') { console.error(item.left.message); break; }
 *   accumulator.add(item.right);
 * }
 */
export async function* eventsFromChunks(
  chunks: AsyncIterable<string | Uint8Array>,
  options: EventStreamOptions,
): AsyncGenerator<Either<FeecastError, UsageEvent>, void, undefined> {
  const { file } = options;
  let format = options.format;
  let splitter = format === undefined ? undefined : splitterFor(format, options);
  let head = '';
  const text = chunksAsText(chunks, options.onBytes);
  try {
    for (let next = await text.next(); ; next = await text.next()) {
      let chunk = next.value;
      if (splitter === undefined || format === undefined) {
        head += chunk;
        format = sniff(head);
        // Only blank text so far: wait for more, unless the text ends or the blank grows long
        // (then it is NDJSON, whose splitter skips blank lines and counts them).
        if (format === undefined && next.done !== true && head.length < SNIFF_LIMIT) continue;
        format ??= 'ndjson';
        splitter = splitterFor(format, options);
        chunk = head;
        head = '';
      }
      const step = splitter.push(chunk);
      for (const record of step.records) yield eventOf(record, format, file);
      if (step.error !== undefined) {
        yield left(step.error);
        return;
      }
      if (next.done === true) break;
    }
    const ended = splitter.end();
    for (const record of ended.records) yield eventOf(record, format, file);
    if (ended.error !== undefined) yield left(ended.error);
  } catch (error) {
    yield left(isEncodingError(error) ? notUtf8(file) : fileError(file, error));
  } finally {
    // Closes the source (a file stream) when the caller stops early.
    await text.return('');
  }
}
