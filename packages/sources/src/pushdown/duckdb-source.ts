/**
 * A DuckDB table or Parquet file as a {@link RowSource}: the expressions that read, in SQL,
 * what `duckdbEvents` gives the in-process accumulator for each row (the same text for each
 * property and the same instant for each timestamp), and the rows it would not give alike,
 * which make the run fall back.
 */
import { PROPERTIES, PROPERTY_PREFIX } from '../event-columns';
import { propertyLayout } from '../row-event';
import { duckdbDialect } from './dialect';
import type { PropertyRead, PropertyReads, RowSource } from './row-source';

/** A column of the relation: its name and DuckDB type. */
export interface DuckdbColumn {
  readonly name: string;
  readonly type: string;
}

const d = duckdbDialect;

function column(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

const INTEGER =
  /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT)$/;
/** The integer types whose every value is a 64-bit signed integer. */
const EXACT_INTEGER = /^(TINYINT|SMALLINT|INTEGER|BIGINT|UTINYINT|USMALLINT|UINTEGER)$/;
const TIMESTAMP =
  /^(TIMESTAMP|TIMESTAMP WITH TIME ZONE|TIMESTAMP_S|TIMESTAMP_MS|TIMESTAMP_NS|DATE)$/;

/**
 * The instant of an ISO 8601 text with seconds and a zone, as the engine's `isoInstant` reads
 * it (a real calendar date, hours to 23, minutes and seconds to 59, a fraction truncated to
 * milliseconds, `Z` or an offset to ±23:59), in epoch milliseconds, or NULL; years 1001 to
 * 9998 only (the reader refuses others before aggregation: such rows make the run fall back).
 * The shape and ranges are checked on the text; DuckDB's own reader gives the instant (and
 * refuses a day the month does not have).
 */
function isoMs(ts: string): string {
  const shape = d.matches(
    ts,
    '[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})',
  );
  const zone = `right(${ts}, 6)`;
  const ranges = [
    `substr(${ts}, 1, 4) BETWEEN '1001' AND '9998'`,
    `substr(${ts}, 12, 2) <= '23'`,
    `substr(${ts}, 15, 2) <= '59'`,
    `substr(${ts}, 18, 2) <= '59'`,
    `(right(${ts}, 1) = 'Z' OR (substr(${zone}, 2, 2) <= '23' AND substr(${zone}, 5, 2) <= '59'))`,
  ];
  return `CASE WHEN ${shape} AND ${ranges.join(' AND ')} THEN epoch_ms(TRY_CAST(${ts} AS TIMESTAMPTZ)) END`;
}

/** Unix seconds as text (digits, an optional fraction truncated to milliseconds), or NULL. */
function unixMs(ts: string): string {
  const whole = `TRY_CAST(split_part(${ts}, '.', 1) AS BIGINT)`;
  const fraction = `TRY_CAST(rpad(substr(split_part(${ts}, '.', 2), 1, 3), 3, '0') AS BIGINT)`;
  return `CASE WHEN ${d.matches(ts, '[0-9]{1,11}(\\.[0-9]+)?')} THEN ${whole} * 1000 + CASE WHEN contains(${ts}, '.') THEN ${fraction} ELSE 0 END END`;
}

/**
 * The time expression of the timestamp column (NULL: a row the reader refuses, or one SQL does
 * not read as it does), or why it cannot be read.
 */
function timeOf(type: string | undefined): string {
  const ts = column('timestamp');
  if (type === undefined) return 'NULL';
  if (type === 'VARCHAR') return `coalesce(${isoMs(ts)}, ${unixMs(ts)})`;
  if (TIMESTAMP.test(type)) {
    // The reader gives unix seconds, which it refuses before 1970.
    const ms = type === 'DATE' ? `epoch_ms(CAST(${ts} AS TIMESTAMP))` : `epoch_ms(${ts})`;
    return `CASE WHEN ${ms} >= 0 THEN ${ms} END`;
  }
  if (INTEGER.test(type)) {
    return `CASE WHEN ${ts} >= 0 AND ${ts} < 100000000000 THEN CAST(${ts} AS BIGINT) * 1000 END`;
  }
  return `the timestamp column is ${type}: its text (as the rows give it) is not read in SQL`;
}

const DAY_MS = 86_400_000;

/** The UTC date (`YYYY-MM-DD`) of epoch milliseconds, or undefined outside years 1000-9999. */
function isoDate(ms: number): string | undefined {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  if (Number.isNaN(year) || year < 1000 || year > 9999) return undefined;
  return date.toISOString().slice(0, 10);
}

/**
 * A condition every row of the timestamp column of `type` meets whose instant the reader puts
 * in `[fromMs, endMs)` (see `RowSource.periodRows`), comparing the column itself so that
 * DuckDB prunes on it. A text column holds ISO 8601 texts (the local time within a day of the
 * instant, whatever the offset: compared as text to the dates a day around) and unix seconds
 * (compared as text to bounds of ten digits, where text and numbers sort alike; a text below
 * `'1'`, such as a leading zero, is kept, and before the end every shorter number).
 */
function periodRowsOf(type: string | undefined, fromMs: number | undefined, endMs: number) {
  const ts = column('timestamp');
  const low = fromMs === undefined ? undefined : isoDate(fromMs - DAY_MS);
  const high = isoDate(endMs + 2 * DAY_MS);
  if (high === undefined || (fromMs !== undefined && low === undefined)) return undefined;
  const lowDate = low === undefined ? [] : [`${ts} >= DATE '${low}'`];
  if (type === 'TIMESTAMP' || type === 'TIMESTAMP WITH TIME ZONE') {
    // The instant itself (as `timeOf` reads it, in UTC): the period's own bounds.
    const literal = (ms: number) => {
      const iso = isoDate(ms) === undefined ? undefined : new Date(ms).toISOString();
      return iso === undefined
        ? undefined
        : `${type === 'TIMESTAMP' ? 'TIMESTAMP' : 'TIMESTAMPTZ'} '${iso.replace('T', ' ').replace('Z', type === 'TIMESTAMP' ? '' : '+00')}'`;
    };
    const start = fromMs === undefined ? undefined : literal(fromMs);
    const end = literal(endMs);
    if (end !== undefined && (fromMs === undefined || start !== undefined)) {
      return [...(start === undefined ? [] : [`${ts} >= ${start}`]), `${ts} < ${end}`].join(
        ' AND ',
      );
    }
  }
  if (type !== undefined && TIMESTAMP.test(type)) {
    return [...lowDate, `${ts} < DATE '${high}'`].join(' AND ');
  }
  const lowSeconds = fromMs === undefined ? 0 : Math.floor(fromMs / 1000);
  const highSeconds = Math.floor(endMs / 1000) + 1;
  if (type !== undefined && INTEGER.test(type)) {
    return `${ts} >= ${lowSeconds} AND ${ts} < ${highSeconds}`;
  }
  if (type !== 'VARCHAR') return undefined;
  // Without a start, an ISO text is told from unix seconds by the '-' after its year.
  const iso = [
    low === undefined ? `substr(${ts}, 5, 1) = '-'` : `${ts} >= '${low}'`,
    `${ts} < '${high}'`,
  ];
  // Unix seconds of ten digits (2001-09-09 to 2286-11-20) compare as text as they do as numbers.
  const tenDigits = (n: number) => n >= 1_000_000_000 && n < 10_000_000_000;
  if (!tenDigits(highSeconds) || (fromMs !== undefined && !tenDigits(lowSeconds))) return undefined;
  // Every row before the end, for a metric that reads the history: fewer digits too.
  const unix =
    fromMs === undefined
      ? `${ts} < '${highSeconds}' OR length(split_part(${ts}, '.', 1)) < 10`
      : `${ts} >= '${lowSeconds}' AND ${ts} < '${highSeconds}'`;
  return `((${iso.join(' AND ')}) OR (${unix}) OR ${ts} < '1')`;
}

/** How a `properties.<key>` column of `type` holds its property, or why it cannot be read. */
function propertyColumn(name: string, type: string): PropertyRead | string {
  const readOf = typedRead(type);
  if (readOf === undefined) {
    return `the column ${name} is ${type}: its text (as the rows give it) is not read in SQL`;
  }
  const col = column(name);
  return { ...readOf(col), typed: { column: col, at: readOf } };
}

/** How a typed column of `type` holds a property, over the column's SQL; none if it cannot. */
function typedRead(type: string): ((col: string) => PropertyRead) | undefined {
  const absent = (col: string) => `CASE WHEN ${col} IS NULL THEN 'a'`;
  if (type === 'VARCHAR') {
    return (col) => ({ kind: `${absent(col)} ELSE 's' END`, text: col, kinds: ['a', 's'] });
  }
  if (INTEGER.test(type)) {
    const exact = EXACT_INTEGER.test(type);
    return (col) => ({
      kind: `${absent(col)} ELSE 's' END`,
      text: `CAST(${col} AS VARCHAR)`,
      kinds: ['a', 's'],
      ...(exact ? { exact: { value: col, scale: 0 } } : {}),
    });
  }
  // The rows give a decimal without its trailing zeros: the same number, another text.
  if (type.startsWith('DECIMAL')) {
    const [, precision, scale] = /^DECIMAL\((\d+),\s*(\d+)\)$/.exec(type) ?? [];
    // At most 18 digits (a 64-bit decimal): its parts' products stay within DECIMAL(38).
    const exact = Number(precision) <= 18;
    return (col) => ({
      kind: `${absent(col)} ELSE 'd' END`,
      text: `CAST(${col} AS VARCHAR)`,
      kinds: ['a', 'd'],
      ...(exact ? { exact: { value: col, scale: Number(scale) } } : {}),
    });
  }
  if (type === 'BOOLEAN') {
    return (col) => ({
      kind: `${absent(col)} ELSE 'b' END`,
      text: `CASE WHEN ${col} THEN 'true' ELSE 'false' END`,
      kinds: ['a', 'b'],
    });
  }
  return undefined;
}

/**
 * How a JSON text column `properties` holds `keys`: the text is parsed once per row
 * (`json_extract` of every path at once), then each value's type and text are read from it.
 */
function jsonProperties(properties: string, keys: readonly string[]): PropertyReads | string {
  const odd = keys.find((key) => /["\\]/.test(key) || key.includes('\u0000'));
  if (odd !== undefined) return `the property name ${JSON.stringify(odd)} is not read in SQL`;
  if (keys.length === 0) return { columns: [], reads: [] };
  const paths = keys.map((key) => d.string(`$."${key}"`)).join(', ');
  const reads = keys.map((_, i): PropertyRead => {
    const value = `__pj[${i + 1}]`;
    return {
      kind: `CASE coalesce(json_type(${value}), 'ABSENT') WHEN 'ABSENT' THEN 'a' WHEN 'VARCHAR' THEN 's' WHEN 'BOOLEAN' THEN 'b' WHEN 'NULL' THEN 'z' WHEN 'OBJECT' THEN 'o' WHEN 'ARRAY' THEN 'o' ELSE 'n' END`,
      text: `json_extract_string(${value}, '$')`,
    };
  });
  return {
    columns: [
      `CASE WHEN json_valid(${properties}) THEN json_extract(${properties}, [${paths}]) END AS __pj`,
    ],
    reads,
  };
}

/**
 * The row source of a DuckDB relation with `columns`: `from` is the relation, `order` the
 * expression of its read order (`rowid` of a table, `file_row_number` of a Parquet file).
 * A string says why its rows cannot be read in SQL.
 */
export function duckdbRowSource(
  from: string,
  order: string,
  columns: readonly DuckdbColumn[],
): RowSource | string {
  const layout = propertyLayout(columns.map((c) => c.name));
  if (typeof layout === 'string') return layout;
  const typeOf = (name: string) => columns.find((c) => c.name === name)?.type;
  const time = timeOf(typeOf('timestamp'));
  if (time.startsWith('the timestamp column')) return time;
  const text = (name: string) =>
    typeOf(name) === undefined ? 'CAST(NULL AS VARCHAR)' : `CAST(${column(name)} AS VARCHAR)`;
  const doubts = [`${text('transaction_id')} IS NULL`];
  let properties: (keys: readonly string[]) => PropertyReads | string;
  const propertiesType = typeOf(PROPERTIES);
  if (layout) {
    properties = (keys) => {
      const reads: PropertyRead[] = [];
      for (const key of keys) {
        const name = `${PROPERTY_PREFIX}${key}`;
        const type = typeOf(name);
        const read =
          type === undefined
            ? { kind: "'a'", text: "''", kinds: ['a'] }
            : propertyColumn(name, type);
        if (typeof read === 'string') return read;
        reads.push(read);
      }
      return { columns: [], reads };
    };
  } else if (propertiesType === undefined) {
    properties = (keys) => ({ columns: [], reads: keys.map(() => ({ kind: "'a'", text: "''" })) });
  } else if (propertiesType === 'VARCHAR' || propertiesType === 'JSON') {
    const p = column(PROPERTIES);
    // A text that is not a JSON object is not an event's properties: the reader refuses the row.
    doubts.push(
      `${p} IS NOT NULL AND NOT coalesce(json_valid(${p}) AND json_type(${p}) = 'OBJECT', FALSE)`,
    );
    properties = (keys) => jsonProperties(p, keys);
  } else {
    return `the properties column is ${propertiesType}: STRUCT and MAP properties are read by streaming the rows`;
  }
  return {
    from,
    order,
    subscription: text('external_subscription_id'),
    transactionId: text('transaction_id'),
    code: text('code'),
    timeMs: time,
    timeRequired: true,
    doubts,
    periodRows: (fromMs, endMs) => periodRowsOf(typeOf('timestamp'), fromMs, endMs),
    properties,
  };
}
