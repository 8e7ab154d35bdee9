/**
 * A JSON array, or an envelope `{"events": [...]}`, streamed: yields the text of one element
 * at a time, never the whole file. It only finds where elements begin and end (brackets,
 * braces and strings); each element's own text is parsed later, with `JSON.parse`.
 */
import type { FeecastError } from '@feecast/engine';
import {
  MAX_RECORD_CHARS,
  type RawRecord,
  type RecordSplitter,
  type SplitStep,
  type SplitterOptions,
  syntaxError,
  tooLong,
} from './record-splitter';

const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const COMMA = 44;
const COLON = 58;
const QUOTE = 34;
const BACKSLASH = 92;
const NEWLINE = 10;
const BOM = 0xfeff;

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/**
 * Where the reader is: before the first `[` or `{`, in an envelope's keys and values, inside
 * the array of events, or after the end of the document.
 */
type Place = 'before' | 'envelope' | 'inside' | 'after';

/** Where the reader is in an envelope `{"events": [...], ...}` (outside the array). */
type EnvelopeStep = 'key-or-close' | 'key' | 'in-key' | 'colon' | 'value' | 'skip' | 'next';

/** The key of an envelope that holds the events. */
const EVENTS_KEY = 'events';

/** The longest envelope key read (other keys are skipped; this bounds memory). */
const MAX_KEY_CHARS = 1024;

/**
 * A splitter of a JSON array into the text of its elements, for a file of any size: memory
 * holds the current element only (at most `maxRecordChars`). The array may stand alone or be
 * the `events` key of an envelope object (`{"events": [...]}`, as the batch endpoint takes
 * them; the other keys of the envelope are skipped, not kept, and not checked). Broken
 * structure (no `[` or `{`, an empty element as in `[1,,2]` or `[1,]`, an unbalanced bracket,
 * text after the end, a missing `]`, an envelope without `events` or with two) is an
 * `invalid_json` error with line and column; the elements themselves are checked when parsed.
 * Each record's `path` is `[i]`, or `events[i]` in an envelope.
 *
 * @example
 * const elements = createJsonArraySplitter({ file: 'events.json' });
 * elements.push('[{"a": [1, 2]}, {"b"') // ~> { records: [{ text: '{"a": [1, 2]}', line: 1, index: 0 }] }
 * elements.push(': "]"}]') // ~> { records: [{ text: '{"b": "]"}', line: 1, index: 1 }] }
 * elements.end() // ~> { records: [] }
 */
export function createJsonArraySplitter(options: SplitterOptions): RecordSplitter {
  const limit = options.maxRecordChars ?? MAX_RECORD_CHARS;
  let place: Place = 'before';
  let envelope: EnvelopeStep | undefined;
  let key = '';
  let eventsSeen = false;
  let parts: string[] = [];
  let pending = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** A non-blank character was seen in the current element; `startLine` is its line. */
  let started = false;
  let startLine = 1;
  /** Where the current element starts in the current chunk (0 when it started before). */
  let segment = 0;
  let commas = 0;
  let index = 0;
  let line = 1;
  /** Characters before the current chunk, and the offset where the current line starts. */
  let consumed = 0;
  let lineStart = 0;
  /** The error that stopped the splitter: it reads no more after one. */
  let failure: FeecastError | undefined;

  const stop = (records: readonly RawRecord[], error: FeecastError): SplitStep => {
    failure = error;
    parts = [];
    pending = 0;
    return { records, error };
  };
  const at = (offset: number, problem: string): FeecastError =>
    syntaxError(options.file, line, consumed + offset - lineStart + 1, problem);

  /**
   * Reads one character of an envelope, outside its array of events: the keys, the colons,
   * the commas, the other keys' values (skipped by their brackets and strings) and the `}`.
   * Returns what is wrong, if anything.
   */
  const readEnvelope = (code: number): string | undefined => {
    switch (envelope) {
      case 'in-key':
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) {
          envelope = 'colon';
          return undefined;
        }
        if (key.length >= MAX_KEY_CHARS) return `a key longer than ${MAX_KEY_CHARS} characters`;
        key += String.fromCharCode(code);
        return undefined;
      case 'skip':
        if (inString) {
          if (escaped) escaped = false;
          else if (code === BACKSLASH) escaped = true;
          else if (code === QUOTE) inString = false;
          return undefined;
        }
        if (depth === 0 && (code === COMMA || code === CLOSE_BRACE)) {
          return closeOrNext(code);
        }
        if (code === QUOTE) inString = true;
        else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
        else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
          if (depth === 0) return `an unmatched ${JSON.stringify(String.fromCharCode(code))}`;
          depth--;
        }
        return undefined;
      default:
        break;
    }
    if (isSpace(code)) return undefined;
    switch (envelope) {
      case 'key-or-close':
      case 'key':
        if (code === CLOSE_BRACE && envelope === 'key-or-close') return closeOrNext(code);
        if (code !== QUOTE) return 'expected a key in double quotes in the envelope';
        envelope = 'in-key';
        key = '';
        return undefined;
      case 'colon':
        if (code !== COLON) return `expected ":" after the key ${JSON.stringify(key)}`;
        envelope = 'value';
        return undefined;
      case 'value':
        if (key === EVENTS_KEY) {
          if (eventsSeen) return 'a second "events" key in the envelope';
          if (code !== OPEN_BRACKET) return 'expected "[": "events" must be an array of events';
          eventsSeen = true;
          place = 'inside';
          return undefined;
        }
        envelope = 'skip';
        depth = 0;
        inString = false;
        escaped = false;
        return readEnvelope(code);
      case 'next':
        if (code !== COMMA && code !== CLOSE_BRACE) return 'expected "," or "}" in the envelope';
        return closeOrNext(code);
      default:
        return undefined;
    }
  };

  /** A `,` (another key follows) or the `}` that ends the envelope. */
  const closeOrNext = (code: number): string | undefined => {
    if (code === COMMA) {
      envelope = 'key';
      return undefined;
    }
    if (!eventsSeen) return 'the envelope has no "events" key; it must be {"events": [...]}';
    place = 'after';
    envelope = 'key';
    return undefined;
  };

  return {
    get pending() {
      return pending;
    },
    push(text) {
      const records: RawRecord[] = [];
      if (failure !== undefined) return { records, error: failure };
      segment = 0;
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code === NEWLINE) {
          line++;
          lineStart = consumed + i + 1;
        }
        if (place === 'before') {
          if (isSpace(code) || (code === BOM && consumed + i === 0)) continue;
          if (code === OPEN_BRACE) {
            place = 'envelope';
            envelope = 'key-or-close';
            continue;
          }
          if (code !== OPEN_BRACKET) {
            const found = JSON.stringify(text[i]);
            return stop(
              records,
              at(i, `expected "[" (an array of events) or "{" (an envelope), found ${found}`),
            );
          }
          place = 'inside';
          continue;
        }
        if (place === 'after') {
          if (isSpace(code)) continue;
          const what = envelope === undefined ? 'closing "]" of the array' : 'envelope\'s "}"';
          return stop(records, at(i, `text after the ${what}; the file must hold one document`));
        }
        if (place === 'envelope') {
          const problem = readEnvelope(code);
          if (problem !== undefined) return stop(records, at(i, problem));
          continue;
        }
        if (inString) {
          if (escaped) escaped = false;
          else if (code === BACKSLASH) escaped = true;
          else if (code === QUOTE) inString = false;
          continue;
        }
        if (isSpace(code)) continue;
        if (depth === 0 && (code === COMMA || code === CLOSE_BRACKET)) {
          if (!started && (code === COMMA || commas > 0)) {
            const problem =
              code === COMMA ? 'an empty element before ","' : 'a "," just before the closing "]"';
            return stop(records, at(i, problem));
          }
          if (started) {
            if (pending + i - segment > limit) {
              return stop(records, tooLong(options.file, startLine, limit));
            }
            const element = parts.join('') + text.slice(segment, i);
            const path = `${envelope === undefined ? '' : EVENTS_KEY}[${index}]`;
            records.push({ text: element, line: startLine, index: index++, path });
          }
          parts = [];
          pending = 0;
          started = false;
          if (code === COMMA) commas++;
          else if (envelope === undefined) place = 'after';
          else {
            place = 'envelope';
            envelope = 'next';
          }
          continue;
        }
        if (!started) {
          // The element starts here: what was held before it is blank.
          started = true;
          startLine = line;
          parts = [];
          pending = 0;
          segment = i;
        }
        if (code === QUOTE) inString = true;
        else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
        else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
          if (depth === 0) return stop(records, at(i, `an unmatched ${JSON.stringify(text[i])}`));
          depth--;
        }
      }
      if (place === 'inside' && started && segment < text.length) {
        const rest = text.slice(segment);
        if (pending + rest.length > limit) {
          return stop(records, tooLong(options.file, startLine, limit));
        }
        parts.push(rest);
        pending += rest.length;
      }
      consumed += text.length;
      return { records };
    },
    end() {
      if (failure !== undefined) return { records: [], error: failure };
      if (place === 'after') return { records: [] };
      const problem =
        place === 'before'
          ? 'the file is empty or blank, where a JSON array of events was expected'
          : place === 'envelope'
            ? 'the file ends before the envelope is closed (a missing "}" or an unterminated string)'
            : 'the file ends before the array is closed (a missing "]" or an unterminated string)';
      return stop([], syntaxError(options.file, line, consumed - lineStart + 1, problem));
    },
  };
}
