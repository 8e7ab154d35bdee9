/**
 * A DuckDB table or Parquet file as a {@link RowSource}: the expressions that read, in SQL,
 * what `duckdbEvents` gives the in-process accumulator for each row (the same text for each
 * property and the same instant for each timestamp), and the rows it would not give alike,
 * which make the run fall back.
 */
import { PROPERTIES, PROPERTY_PREFIX } from '../event-columns';
import { propertyLayout } from '../row-event';
import { duckdbDialect } from './dialect';
import type { PropertyRead, RowSource } from './row-source';

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
const TIMESTAMP =
  /^(TIMESTAMP|TIMESTAMP WITH TIME ZONE|TIMESTAMP_S|TIMESTAMP_MS|TIMESTAMP_NS|DATE)$/;

/**
 * The instant of an ISO 8601 text with seconds and a zone (isoInstant in the engine), in
 * epoch milliseconds by the civil-from-days arithmetic, or NULL; years 1001 to 9998 only (the
 * reader refuses others before aggregation: such rows make the run fall back).
 */
function isoMs(ts: string): string {
  const part = (start: number, length: number) =>
    `TRY_CAST(substr(${ts}, ${start}, ${length}) AS BIGINT)`;
  const [y, mo, dd, h, mi, s] = [
    part(1, 4),
    part(6, 2),
    part(9, 2),
    part(12, 2),
    part(15, 2),
    part(18, 2),
  ];
  const shape = d.matches(
    ts,
    '[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})',
  );
  const leap = `((${y} % 4 = 0 AND ${y} % 100 <> 0) OR ${y} % 400 = 0)`;
  const monthDays = `CASE WHEN ${mo} = 2 THEN CASE WHEN ${leap} THEN 29 ELSE 28 END WHEN ${mo} IN (4, 6, 9, 11) THEN 30 ELSE 31 END`;
  const zulu = `right(${ts}, 1) = 'Z'`;
  const oh = `TRY_CAST(substr(right(${ts}, 6), 2, 2) AS BIGINT)`;
  const om = `TRY_CAST(substr(right(${ts}, 6), 5, 2) AS BIGINT)`;
  const offset = `CASE WHEN ${zulu} THEN 0 WHEN substr(right(${ts}, 6), 1, 1) = '-' THEN -(${oh} * 60 + ${om}) ELSE ${oh} * 60 + ${om} END`;
  const fraction = `regexp_extract(${ts}, '^.{19}\\.([0-9]+)', 1)`;
  const millis = `CASE WHEN ${fraction} = '' THEN 0 ELSE TRY_CAST(rpad(substr(${fraction}, 1, 3), 3, '0') AS BIGINT) END`;
  const valid = `${shape} AND ${y} BETWEEN 1001 AND 9998 AND ${mo} BETWEEN 1 AND 12 AND ${dd} BETWEEN 1 AND ${monthDays} AND ${h} <= 23 AND ${mi} <= 59 AND ${s} <= 59 AND (${zulu} OR (${oh} <= 23 AND ${om} <= 59))`;
  // Days from 1970-01-01 of a proleptic Gregorian date (years from 1001: every term positive).
  const ya = `(${y} - CASE WHEN ${mo} <= 2 THEN 1 ELSE 0 END)`;
  const era = `(${ya} // 400)`;
  const yoe = `(${ya} - ${era} * 400)`;
  const doy = `((153 * (${mo} + CASE WHEN ${mo} > 2 THEN -3 ELSE 9 END) + 2) // 5 + ${dd} - 1)`;
  const doe = `(${yoe} * 365 + ${yoe} // 4 - ${yoe} // 100 + ${doy})`;
  const days = `(${era} * 146097 + ${doe} - 719468)`;
  const ms = `((${days} * 24 + ${h}) * 60 + ${mi} - (${offset})) * 60000 + ${s} * 1000 + ${millis}`;
  return `CASE WHEN ${valid} THEN ${ms} END`;
}

/** Unix seconds as text (digits, an optional fraction truncated to milliseconds), or NULL. */
function unixMs(ts: string): string {
  const whole = `TRY_CAST(split_part(${ts}, '.', 1) AS BIGINT)`;
  const fraction = `TRY_CAST(rpad(substr(split_part(${ts}, '.', 2), 1, 3), 3, '0') AS BIGINT)`;
  return `CASE WHEN ${d.matches(ts, '[0-9]{1,11}(\\.[0-9]+)?')} THEN ${whole} * 1000 + CASE WHEN contains(${ts}, '.') THEN ${fraction} ELSE 0 END END`;
}

/** The time expression and doubts of the timestamp column, or why it cannot be read. */
function timeOf(type: string | undefined): { timeMs: string; doubt: string } | string {
  const ts = column('timestamp');
  if (type === undefined) return { timeMs: 'NULL', doubt: d.true };
  if (type === 'VARCHAR' || type === 'JSON') {
    const text = `trim(${ts}, '"')`;
    const ms = `coalesce(${isoMs(ts)}, ${unixMs(ts)})`;
    if (type === 'JSON') {
      return { timeMs: `coalesce(${isoMs(text)}, ${unixMs(text)})`, doubt: d.true };
    }
    return { timeMs: ms, doubt: `${ts} IS NULL OR (${ms}) IS NULL` };
  }
  if (TIMESTAMP.test(type)) {
    const ms = type === 'DATE' ? `epoch_ms(CAST(${ts} AS TIMESTAMP))` : `epoch_ms(${ts})`;
    return { timeMs: ms, doubt: `${ts} IS NULL OR ${ms} < 0` };
  }
  if (INTEGER.test(type)) {
    return {
      timeMs: `CAST(${ts} AS BIGINT) * 1000`,
      doubt: `${ts} IS NULL OR ${ts} < 0 OR ${ts} >= 100000000000`,
    };
  }
  return `the timestamp column is ${type}: its text (as the rows give it) is not read in SQL`;
}

/** How a `properties.<key>` column of `type` holds its property, or why it cannot be read. */
function propertyColumn(name: string, type: string): PropertyRead | string {
  const col = column(name);
  const absent = `CASE WHEN ${col} IS NULL THEN 'a'`;
  if (type === 'VARCHAR') return { kind: `${absent} ELSE 's' END`, text: col };
  if (INTEGER.test(type))
    return { kind: `${absent} ELSE 's' END`, text: `CAST(${col} AS VARCHAR)` };
  // The rows give a decimal without its trailing zeros: the same number, another text.
  if (type.startsWith('DECIMAL'))
    return { kind: `${absent} ELSE 'd' END`, text: `CAST(${col} AS VARCHAR)` };
  if (type === 'BOOLEAN') {
    return {
      kind: `${absent} ELSE 'b' END`,
      text: `CASE WHEN ${col} THEN 'true' ELSE 'false' END`,
    };
  }
  return `the column ${name} is ${type}: its text (as the rows give it) is not read in SQL`;
}

/** How a JSON text column holds property `key`. */
function jsonProperty(properties: string, key: string): PropertyRead | string {
  if (/["\\]/.test(key) || key.includes('\u0000')) {
    return `the property name ${JSON.stringify(key)} is not read in SQL`;
  }
  const path = d.string(`$."${key}"`);
  const type = `CASE WHEN json_valid(${properties}) THEN json_type(${properties}, ${path}) END`;
  const kind = `CASE coalesce(${type}, 'ABSENT') WHEN 'ABSENT' THEN 'a' WHEN 'VARCHAR' THEN 's' WHEN 'BOOLEAN' THEN 'b' WHEN 'NULL' THEN 'z' WHEN 'OBJECT' THEN 'o' WHEN 'ARRAY' THEN 'o' ELSE 'n' END`;
  const text = `CASE WHEN json_valid(${properties}) THEN json_extract_string(${properties}, ${path}) END`;
  return { kind, text };
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
  if (typeof time === 'string') return time;
  const text = (name: string) =>
    typeOf(name) === undefined ? 'CAST(NULL AS VARCHAR)' : `CAST(${column(name)} AS VARCHAR)`;
  const doubts = [time.doubt, `${text('transaction_id')} IS NULL`];
  let property: (key: string) => PropertyRead | string;
  const propertiesType = typeOf(PROPERTIES);
  if (layout) {
    property = (key) => {
      const name = `${PROPERTY_PREFIX}${key}`;
      const type = typeOf(name);
      return type === undefined ? { kind: "'a'", text: "''" } : propertyColumn(name, type);
    };
  } else if (propertiesType === undefined) {
    property = () => ({ kind: "'a'", text: "''" });
  } else if (propertiesType === 'VARCHAR' || propertiesType === 'JSON') {
    const p = column(PROPERTIES);
    // A text that is not a JSON object is not an event's properties: the reader refuses the row.
    doubts.push(`${p} IS NOT NULL AND NOT (json_valid(${p}) AND json_type(${p}) = 'OBJECT')`);
    property = (key) => jsonProperty(p, key);
  } else {
    return `the properties column is ${propertiesType}: STRUCT and MAP properties are read by streaming the rows`;
  }
  return {
    from,
    order,
    subscription: text('external_subscription_id'),
    transactionId: text('transaction_id'),
    code: text('code'),
    timeMs: time.timeMs,
    doubts,
    property,
  };
}
