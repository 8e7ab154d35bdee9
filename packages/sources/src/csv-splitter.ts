/**
 * CSV (RFC 4180), streamed: text goes in chunk by chunk, complete rows (their fields) come out,
 * and only the unfinished row is held.
 */
import { type FeecastError, feecastError } from '@feecast/engine';
import { MAX_RECORD_CHARS, type SplitterOptions, tooLong } from './record-splitter';

/** The fields of one row of a CSV file and where it starts. */
export interface CsvRow {
  /** The fields, unquoted (`""` inside quotes is one `"`). */
  readonly fields: readonly string[];
  /** The line the row starts on (1-based; a quoted field may span lines). */
  readonly line: number;
  /** What is wrong with the row's quoting, if anything: the row is then not an event. */
  readonly problem?: string;
}

/** What one step of the CSV splitter gives (see `SplitStep`). */
export interface CsvStep {
  readonly rows: readonly CsvRow[];
  readonly error?: FeecastError;
}

/** A push reader of CSV rows. */
export interface CsvSplitter {
  push(text: string): CsvStep;
  end(): CsvStep;
}

const COMMA = 44;
const QUOTE = 34;
const NEWLINE = 10;
const RETURN = 13;

/** Where the reader is in the current field. */
type FieldState = 'start' | 'unquoted' | 'quoted' | 'quote-in-quoted' | 'after-quoted';

/**
 * A splitter of CSV text into rows of fields (RFC 4180): fields are separated by `,`, rows
 * by `\n` or `\r\n`; a field in double quotes may hold commas, line breaks and quotes (written
 * `""`). Blank lines are skipped. A quote inside an unquoted field, or text after a closing
 * quote, makes the row's `problem` (the row is reported, not guessed at); a row longer than
 * `maxRecordChars`, or a quote still open at the end of the file, is an error of the file.
 *
 * @example
 * const rows = createCsvSplitter({ file: 'events.csv' });
 * rows.push('code,note\napi_calls,"a, b ""c""\nd"\n')
 * // ~> { rows: [{ fields: ['code', 'note'], line: 1 }, { fields: ['api_calls', 'a, b "c"\nd'], line: 2 }] }
 */
export function createCsvSplitter(options: SplitterOptions): CsvSplitter {
  const limit = options.maxRecordChars ?? MAX_RECORD_CHARS;
  let fields: string[] = [];
  let field = '';
  let state: FieldState = 'start';
  let problem: string | undefined;
  let line = 1;
  let rowLine = 1;
  /** Characters held for the current row. */
  let held = 0;
  let failure: FeecastError | undefined;

  const endRow = (rows: CsvRow[]) => {
    fields.push(field);
    const blank = fields.length === 1 && fields[0] === '' && state !== 'after-quoted';
    if (!blank) {
      rows.push(
        problem === undefined ? { fields, line: rowLine } : { fields, line: rowLine, problem },
      );
    }
    fields = [];
    field = '';
    state = 'start';
    problem = undefined;
    held = 0;
  };

  const stop = (rows: readonly CsvRow[], error: FeecastError): CsvStep => {
    failure = error;
    fields = [];
    field = '';
    return { rows, error };
  };

  return {
    push(text) {
      const rows: CsvRow[] = [];
      if (failure !== undefined) return { rows, error: failure };
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (state === 'start' && fields.length === 0 && field === '') rowLine = line;
        if (++held > limit) return stop(rows, tooLong(options.file, rowLine, limit));
        if (code === NEWLINE) line++;
        switch (state) {
          case 'quoted':
            if (code === QUOTE) state = 'quote-in-quoted';
            else field += text[i];
            continue;
          case 'quote-in-quoted':
            if (code === QUOTE) {
              field += '"';
              state = 'quoted';
              continue;
            }
            state = 'after-quoted';
            break;
          default:
            break;
        }
        if (code === COMMA) {
          fields.push(field);
          field = '';
          state = 'start';
        } else if (code === NEWLINE) {
          // A `\r` before the line break ends the line too (it was kept as text until now).
          if (state === 'unquoted' && field.endsWith('\r')) field = field.slice(0, -1);
          endRow(rows);
        } else if (state === 'start' && code === QUOTE) {
          state = 'quoted';
        } else if (state === 'after-quoted') {
          if (code !== RETURN) {
            problem ??= `text after the closing quote of field ${fields.length + 1}; a quoted field ends at its closing quote (write a quote inside it as "")`;
          }
        } else {
          if (code === QUOTE) {
            problem ??= `a quote inside the unquoted field ${fields.length + 1}; put the field in quotes and write each quote in it as ""`;
          }
          field += text[i];
          state = 'unquoted';
        }
      }
      return { rows };
    },
    end() {
      const rows: CsvRow[] = [];
      if (failure !== undefined) return { rows, error: failure };
      if (state === 'quoted') {
        const message = `${options.file} line ${rowLine}: the file ends inside a quoted field of the row that starts on this line; a closing quote is missing.`;
        return stop(
          rows,
          feecastError('invalid_input', message, undefined, { file: options.file, line: rowLine }),
        );
      }
      if (state === 'unquoted' && field.endsWith('\r')) field = field.slice(0, -1);
      if (fields.length > 0 || field !== '' || state !== 'start') endRow(rows);
      return { rows };
    },
  };
}
