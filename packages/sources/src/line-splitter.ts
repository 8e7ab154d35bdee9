/**
 * NDJSON, streamed: each non-blank line is one record; memory holds one unfinished line.
 */
import type { FeecastError } from '@feecast/engine';
import {
  MAX_RECORD_CHARS,
  type RawRecord,
  type RecordSplitter,
  type SplitStep,
  type SplitterOptions,
  tooLong,
} from './record-splitter';

/** Whether a line holds only JSON whitespace. */
function isBlank(line: string): boolean {
  return line.trim() === '';
}

/**
 * A splitter of NDJSON text into lines: `\n` or `\r\n` ends a line, blank lines are skipped,
 * the last line needs no line break. A line longer than `maxRecordChars` is an error, so
 * memory stays bounded whatever the file.
 *
 * @example
 * const lines = createLineSplitter({ file: 'events.ndjson' });
 * lines.push('{"a":1}\n{"b"') // ~> { records: [{ text: '{"a":1}', line: 1, index: 0 }] }
 * lines.push(':2}\n') // ~> { records: [{ text: '{"b":2}', line: 2, index: 1 }] }
 * lines.end() // ~> { records: [] }
 */
export function createLineSplitter(options: SplitterOptions): RecordSplitter {
  const limit = options.maxRecordChars ?? MAX_RECORD_CHARS;
  let parts: string[] = [];
  let pending = 0;
  let line = 1;
  let index = 0;

  /** The error that stopped the splitter: it reads no more after one. */
  let failure: FeecastError | undefined;
  const stop = (records: readonly RawRecord[]): SplitStep => {
    failure = tooLong(options.file, line, limit);
    parts = [];
    pending = 0;
    return { records, error: failure };
  };

  const finish = (text: string, records: RawRecord[]) => {
    const withoutReturn = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (!isBlank(withoutReturn)) records.push({ text: withoutReturn, line, index: index++ });
    line++;
  };

  return {
    get pending() {
      return pending;
    },
    push(text) {
      const records: RawRecord[] = [];
      if (failure !== undefined) return { records, error: failure };
      let start = 0;
      for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', start)) {
        const piece = text.slice(start, newline);
        if (pending + piece.length > limit) return stop(records);
        finish(parts.length === 0 ? piece : parts.join('') + piece, records);
        parts = [];
        pending = 0;
        start = newline + 1;
      }
      if (start < text.length) {
        const rest = text.slice(start);
        if (pending + rest.length > limit) return stop(records);
        parts.push(rest);
        pending += rest.length;
      }
      return { records };
    },
    end(): SplitStep {
      const records: RawRecord[] = [];
      if (failure !== undefined) return { records, error: failure };
      if (pending > 0) finish(parts.join(''), records);
      parts = [];
      pending = 0;
      return { records };
    },
  };
}
