/**
 * Parsing JSON text from a file without throwing: a syntax error becomes an `invalid_json`
 * error that names the file, the line and the column.
 */
import { type FeecastError, feecastError } from '@feecast/engine';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { jsonErrorIndex } from './json-syntax';

/** Where a piece of JSON text comes from, for messages. */
export interface TextOrigin {
  /** The file, as the user named it. */
  readonly file: string;
  /** The line of the file the text starts on (1-based; default 1). */
  readonly line?: number;
  /** What `line` counts: `line` (default) or `row` (a Parquet file's rows). */
  readonly unit?: 'line' | 'row';
  /** What the text is, when not the whole file (`element 3 of the array`). */
  readonly what?: string;
  /** What the text should be, added to a syntax error's message. */
  readonly hint?: string;
}

/** `file line L, column C` of a character index in `text`, which starts on `origin.line`. */
function locate(text: string, index: number, origin: TextOrigin): string {
  let line = origin.line ?? 1;
  let lineStart = 0;
  const end = Math.min(index, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return describeOrigin({ ...origin, line }, end - lineStart + 1);
}

/**
 * A human location: `events.ndjson line 12`, `plans.json line 3, column 7` or
 * `events.parquet row 4`.
 *
 * @example
 * describeOrigin({ file: 'events.ndjson', line: 12 }) // => 'events.ndjson line 12'
 */
export function describeOrigin(origin: TextOrigin, column?: number): string {
  const what = origin.what === undefined ? '' : ` (${origin.what})`;
  if (origin.line === undefined && column === undefined) return `${origin.file}${what}`;
  const at = column === undefined ? '' : `, column ${column}`;
  return `${origin.file} ${origin.unit ?? 'line'} ${origin.line ?? 1}${at}${what}`;
}

/**
 * Parses JSON text: `right(value)`, or a `Left` with the code `invalid_json` whose message
 * names the file, line and column of the syntax error and what to fix. Never throws.
 *
 * @example
 * parseJsonText('{"plan": {}}', { file: 'plan.json' }) // => right({ plan: {} })
 * parseJsonText('{"plan": }', { file: 'plan.json' }) // ~> left({ code: 'invalid_json' })
 */
export function parseJsonText(text: string, origin: TextOrigin): Either<FeecastError, unknown> {
  try {
    return right(JSON.parse(text) as unknown);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const empty = text.trim() === '';
    const index = empty ? undefined : jsonErrorIndex(text);
    const where = index === undefined ? describeOrigin(origin) : locate(text, index, origin);
    const problem = empty ? 'empty, where JSON was expected' : `not valid JSON (${reason})`;
    return left(
      feecastError(
        'invalid_json',
        `${where}: ${problem}. Check the quotes, commas and brackets near that place.${origin.hint === undefined ? '' : `\nHint: ${origin.hint}`}`,
        undefined,
        { file: origin.file, line: origin.line },
      ),
    );
  }
}
