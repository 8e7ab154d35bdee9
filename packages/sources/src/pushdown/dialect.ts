/**
 * The SQL that differs between DuckDB and ClickHouse (18.16 and current releases): literals,
 * regular expressions, casts that never throw, 128-bit sums, and conditional aggregates. The
 * compiler writes every query through one of these, so both dialects share one query shape.
 */

import { duckdbEntryList } from './entry-list';

/**
 * A column `firstOfEach` keeps of a partition's first row, and what it holds: `char` exactly
 * one character, never NULL (a property's kind); `text` a text, never NULL; `other` anything
 * (NULL too). A dialect may keep the texts of one row together, as one value.
 */
export interface FirstColumn {
  readonly name: string;
  readonly holds: 'char' | 'text' | 'other';
}

/** The SQL of one database engine. */
export interface Dialect {
  readonly name: 'duckdb' | 'clickhouse';
  /** A string literal of `text`. */
  string(text: string): string;
  /** Whether the whole of `expr` (text) matches `regex` (RE2 syntax, without anchors). */
  matches(expr: string, regex: string): string;
  /** The text `expr`, known to be digits with an optional leading '-', as a 64-bit integer. */
  int(expr: string): string;
  /** `expr` (an integer) widened for exact sums and products beyond 64 bits. */
  wide(expr: string): string;
  /** `expr` as text, as the client reads it exactly (64-bit integers too). */
  text(expr: string): string;
  /**
   * A 128-bit integer `expr` (a `wide` sum) as text: its digits, or `high|low` where the
   * value is high × 10^18 + low (ClickHouse 18.16 writes a `Decimal128` beyond 64 bits
   * wrongly as text, and as an inexact JSON number).
   */
  wideText(expr: string): string;
  /**
   * Whether the sum of a typed number column (`PropertyRead.exact`: a `DECIMAL(p, s)` with `p`
   * at most 18, or an integer) is exact as it is, and `text` writes it exactly: DuckDB sums
   * into a `DECIMAL(38, s)` or a `HUGEINT`. Else the compiler sums the value's parts
   * (ClickHouse 18.16 writes a `Decimal128` beyond 64 bits wrongly as text).
   */
  readonly sumsTyped: boolean;
  /** Characters `start` (1-based) to `start + length - 1` of `expr`. */
  substring(expr: string, start: number | string, length?: number | string): string;
  /** The characters of `expr` before the first `.` (all of it when none). */
  beforeDot(expr: string): string;
  /** The characters of `expr` after the first `.` (empty when none). */
  afterDot(expr: string): string;
  /** `expr` padded on the right with `0` to `length` characters. */
  padZeros(expr: string, length: number): string;
  concat(parts: readonly string[]): string;
  /** A tuple (a row value compared element by element). */
  tuple(parts: readonly string[]): string;
  countIf(condition: string): string;
  /** The number of rows of a group, as a signed 64-bit integer (summed with other such counts). */
  readonly rowCount: string;
  sumIf(expr: string, condition: string): string;
  /** The `value` of the row with the greatest `key` among those meeting `condition`. */
  argMaxIf(value: string, key: string, condition: string): string;
  /** The greatest `expr` (a number or a `tuple`/`orderKey`) among the rows meeting `condition`. */
  maxIf(expr: string, condition: string): string;
  /**
   * A value ordering rows by `time` (epoch milliseconds), then by `order` (their read order, a
   * unique integer of at most 63 bits, not negative), for `argMaxIf` and `maxIf`.
   */
  orderKey(time: string, order: string): string;
  /**
   * A value ordering rows by `time` (epoch milliseconds, a 64-bit integer, not NULL), then by
   * `id` (a text, by its bytes), for `argMaxIf` and `maxIf`: where the rows have no read order.
   */
  timeIdKey(time: string, id: string): string;
  /** The list of `expr` over the rows meeting `condition` (in no particular order). */
  listIf(expr: string, condition: string): string;
  /** The lists `expr` (of `listIf`) of the rows, concatenated (in no particular order). */
  concatLists(expr: string): string;
  /** The number of distinct values of `expr`. */
  countDistinct(expr: string): string;
  /** The list of the distinct values of `expr`, a text never NULL (an aggregate). */
  distinctTexts(expr: string): string;
  /**
   * In a `SELECT` list: `expr` (a text), and where it is NULL, one more row per text of `list`
   * (SQL giving a list of texts, NULL or empty for none): the row repeated, once with NULL.
   */
  eachOf(expr: string, list: string): string;
  /**
   * A unique count's state entries of the rows meeting `condition` as one text (entry-list.ts).
   * Absent where the database does not build it: a unique count's values then come back one
   * row per value.
   */
  readonly entryList?: (value: string, flag: string, time: string, condition: string) => string;
  /** `expr` with every `from` replaced by `to` (plain text, not patterns). */
  replace(expr: string, from: string, to: string): string;
  /**
   * A cheaper split of a decimal text into the compiler's four exact parts (compile.ts,
   * `VALUE_PARTS`; `'0'` for a part always 0), for the values `regular` holds: the others are
   * summed from their text, in-process. Absent: the compiler's own split (36 integer and 36
   * fraction digits).
   */
  shortValueParts?(text: string): {
    readonly regular: string;
    readonly parts: readonly [string, string, string, string];
  };
  /** The boolean literals. */
  readonly true: string;
  readonly false: string;
  /**
   * One row per `partition` (column names) of the query `sql`: the partition's columns, its
   * number of rows `__w` (a 64-bit integer), and `columns` of its first row in `order`
   * (both by one hash aggregation).
   */
  firstOfEach(
    sql: string,
    partition: readonly string[],
    columns: readonly FirstColumn[],
    order: string,
  ): string;
  /**
   * The rows of `relation` repeated once per value `c` of `charges` where `ok`; else once with
   * `c = -1`, and once more with `c = -2` where `ghost`; and, where `repeats`, once more with
   * `c = -3`: a `FROM` clause (and its `WHERE`).
   */
  explode(
    relation: string,
    charges: readonly number[],
    ok: string,
    ghost: string,
    repeats: string,
  ): string;
}

/**
 * A DuckDB aggregate over the rows meeting `condition`: without a `FILTER` where the condition
 * is `TRUE` (then the same text as the aggregate over every row, which the compiler writes once).
 */
function filtered(aggregate: string, condition: string): string {
  return condition === 'TRUE' ? aggregate : `${aggregate} FILTER (WHERE ${condition})`;
}

/** DuckDB (embedded): standard string literals, `TRY_CAST`, `HUGEINT` sums. */
export const duckdbDialect: Dialect = {
  name: 'duckdb',
  string: (text) => `'${text.replaceAll("'", "''")}'`,
  matches: (expr, regex) => `regexp_full_match(${expr}, ${duckdbDialect.string(regex)})`,
  int: (expr) => `TRY_CAST(${expr} AS BIGINT)`,
  wide: (expr) => `CAST(${expr} AS HUGEINT)`,
  text: (expr) => `CAST(${expr} AS VARCHAR)`,
  wideText: (expr) => `CAST(${expr} AS VARCHAR)`,
  sumsTyped: true,
  substring: (expr, start, length) =>
    length === undefined ? `substr(${expr}, ${start})` : `substr(${expr}, ${start}, ${length})`,
  beforeDot: (expr) => `split_part(${expr}, '.', 1)`,
  afterDot: (expr) => `coalesce(split_part(${expr}, '.', 2), '')`,
  padZeros: (expr, length) => `rpad(${expr}, ${length}, '0')`,
  concat: (parts) => `concat(${parts.join(', ')})`,
  tuple: (parts) => `row(${parts.join(', ')})`,
  countIf: (condition) => filtered('count(*)', condition),
  rowCount: 'count(*)',
  sumIf: (expr, condition) => filtered(`sum(${expr})`, condition),
  argMaxIf: (value, key, condition) => filtered(`arg_max(${value}, ${key})`, condition),
  maxIf: (expr, condition) => filtered(`max(${expr})`, condition),
  // One 128-bit integer, time × 2^64 + order (order below 2^63): compared as a number, where
  // a `row(time, order)` is compared as a structure, several times slower in `arg_max`.
  orderKey: (time, order) => `(CAST(${time} AS HUGEINT) * 18446744073709551616 + ${order})`,
  timeIdKey: (time, id) => `row(${time}, ${id})`,
  listIf: (expr, condition) => `list(${expr}) FILTER (WHERE ${condition})`,
  // `listIf` of no row is NULL (as the concatenation of none).
  concatLists: (expr) => `flatten(list(${expr}) FILTER (WHERE ${expr} IS NOT NULL))`,
  countDistinct: (expr) => `count(DISTINCT ${expr})`,
  distinctTexts: (expr) => `list(DISTINCT ${expr})`,
  eachOf: (expr, list) =>
    `unnest(CASE WHEN ${expr} IS NULL THEN list_prepend(CAST(NULL AS VARCHAR), coalesce(${list}, CAST([] AS VARCHAR[]))) ELSE [${expr}] END)`,
  entryList: duckdbEntryList,
  replace: (expr, from, to) =>
    `replace(${expr}, ${duckdbDialect.string(from)}, ${duckdbDialect.string(to)})`,
  true: 'TRUE',
  false: 'FALSE',
  // One hash aggregation: each partition's rows counted, and each column of its first row in
  // `order` by its own `arg_min_null` (which keeps a NULL as a value, where `arg_min` would
  // skip the row). DuckDB's orders are unique (a file's row number, a table's `rowid`), so
  // every column is picked from the same row. It spills to disk as the windows' sort did
  // (`count(*) OVER`, `QUALIFY row_number() OVER`, until 2026-11-30), and takes less CPU than
  // they did with DuckDB 1.5.6 (bench/README.md, "pushdown on DuckDB, every subscription: one
  // hidden class per shape").
  firstOfEach: (sql, partition, columns, order) => {
    const keys = partition.join(', ');
    const firsts = columns.map(({ name }) =>
      name === order ? `min(${name}) AS ${name}` : `arg_min_null(${name}, ${order}) AS ${name}`,
    );
    return `SELECT ${[keys, 'count(*) AS __w', ...firsts].join(', ')} FROM (${sql}) AS q GROUP BY ${keys}`;
  },
  explode: (relation, charges, ok, ghost, repeats) =>
    `${relation} CROSS JOIN (SELECT unnest([-3, -2, -1, ${charges.join(', ')}]) AS c) AS ch WHERE CASE WHEN c = -3 THEN ${repeats} WHEN ${ok} THEN c >= 0 WHEN ${ghost} THEN c < 0 ELSE c = -1 END`,
};

/** ClickHouse (18.16 and current): backslash-escaped literals, `*OrZero` casts, `Decimal128` sums. */
export const clickhouseDialect: Dialect = {
  name: 'clickhouse',
  string: (text) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`,
  matches: (expr, regex) => `match(${expr}, ${clickhouseDialect.string(`^(?:${regex})$`)})`,
  int: (expr) => `toInt64OrZero(${expr})`,
  wide: (expr) => `toDecimal128(${expr}, 0)`,
  text: (expr) => `toString(${expr})`,
  sumsTyped: false,
  wideText: (expr) => {
    const high = `intDiv(${expr}, 1000000000000000000)`;
    return `concat(toString(toInt64(${high})), '|', toString(toInt64(${expr} - ${high} * 1000000000000000000)))`;
  },
  substring: (expr, start, length) =>
    length === undefined
      ? `substring(${expr}, ${start}, 1000000)`
      : `substring(${expr}, ${start}, ${length})`,
  beforeDot: (expr) => `splitByChar('.', ${expr})[1]`,
  afterDot: (expr) => `if(length(splitByChar('.', ${expr})) > 1, splitByChar('.', ${expr})[2], '')`,
  padZeros: (expr, length) => `substring(concat(${expr}, '${'0'.repeat(length)}'), 1, ${length})`,
  concat: (parts) => `concat(${parts.join(', ')})`,
  tuple: (parts) => `tuple(${parts.join(', ')})`,
  countIf: (condition) => `countIf(${condition})`,
  rowCount: 'toInt64(count())',
  sumIf: (expr, condition) => `sumIf(${expr}, ${condition})`,
  argMaxIf: (value, key, condition) => `argMaxIf(${value}, ${key}, ${condition})`,
  maxIf: (expr, condition) => `argMaxIf(${expr}, ${expr}, ${condition})`,
  orderKey: (time, order) => `tuple(${time}, ${order})`,
  // One String, compared by its bytes, not a tuple (compared as generic values: `seats` took
  // 302 against 172 ms of CPU on 1M rows, about the same on 10M; see bench/README.md): the
  // time's 64 bits, sign flipped (an unsigned number that orders as the signed one), as two
  // numbers of 11 digits (each below 10^10, plus 10^10), then `id`.
  timeIdKey: (time, id) => {
    const bits = `bitXor(toUInt64(${time}), toUInt64(9223372036854775808))`;
    return `concat(toString(intDiv(${bits}, 10000000000) + 10000000000), toString(${bits} % 10000000000 + 10000000000), ${id})`;
  },
  listIf: (expr, condition) => `groupArrayIf(${expr}, ${condition})`,
  concatLists: (expr) => `groupArrayArray(${expr})`,
  countDistinct: (expr) => `uniqExact(${expr})`,
  distinctTexts: (expr) => `groupUniqArray(assumeNotNull(${expr}))`,
  eachOf: (expr, list) =>
    `arrayJoin(if(isNull(${expr}), arrayConcat([CAST(NULL AS Nullable(String))], ${list}), [${expr}]))`,
  replace: (expr, from, to) =>
    `replaceAll(${expr}, ${clickhouseDialect.string(from)}, ${clickhouseDialect.string(to)})`,
  // At most 18 integer and 18 fraction digits: the integer and the fraction (scaled to 18
  // digits) each one 64-bit integer carrying the value's sign, parsed once each; no padding,
  // no `splitByChar`. A longer value (rare: no JSON number the readers take has more than 15
  // digits) is summed from its text, exactly, in-process.
  shortValueParts: (text) => {
    const dot = `position(${text}, '.')`;
    const fraction = `if(${dot} = 0, '', substring(${text}, ${dot} + 1, 18))`;
    const scaled = `toInt64OrZero(${fraction}) * toInt64(intExp10(18 - length(${fraction})))`;
    return {
      regular: clickhouseDialect.matches(text, '-?[0-9]{1,18}(\\.[0-9]{1,18})?'),
      parts: [
        '0',
        `toInt64OrZero(if(${dot} = 0, ${text}, substring(${text}, 1, ${dot} - 1)))`,
        `if(substring(${text}, 1, 1) = '-', -(${scaled}), ${scaled})`,
        '0',
      ],
    };
  },
  true: '1',
  false: '0',
  // The `char` and `text` columns of a row packed into one String, kept by one `argMin` (each
  // `argMin` of a String holds its own copy of it: 28 % less memory per query on the
  // benchmark's 10M rows, its CPU the same; see bench/README.md), split again after; each
  // `other` column by its own `argMin`, the `order` by `min`. All of them compare the same
  // `order` over the same rows in the same order and keep their value on a tie, so all keep
  // the same row, ties at one millisecond included. An `other` column must not be Nullable
  // (`argMin` would skip a NULL and take another row's value): the compiler gives none here
  // but the time, which is the `order`.
  firstOfEach: (sql, partition, columns, order) => {
    const keys = partition.join(', ');
    const firsts: string[] = [];
    const picked: string[] = [];
    for (const [i, { name, holds }] of columns.entries()) {
      if (holds !== 'other') continue;
      firsts.push(`${name === order ? `min(${name})` : `argMin(${name}, ${order})`} AS __f${i}`);
      picked.push(`__f${i} AS ${name}`);
    }
    const packed = packTexts(columns);
    if (packed !== undefined) {
      firsts.push(`argMin(${packed.pack}, ${order}) AS __fp`);
      for (const column of packed.unpack('__fp')) picked.push(column);
    }
    firsts.unshift('toInt64(count()) AS __w');
    return `SELECT ${[keys, '__w', ...picked].join(', ')} FROM (SELECT ${keys}, ${firsts.join(', ')} FROM (${sql}) GROUP BY ${keys})`;
  },
  explode: (relation, charges, ok, ghost, repeats) =>
    `${relation} ARRAY JOIN arrayConcat(if(${repeats}, [toInt32(-3)], emptyArrayInt32()), if(${ok}, [${charges.map((c) => `toInt32(${c})`).join(', ')}], if(${ghost}, [toInt32(-1), toInt32(-2)], [toInt32(-1)]))) AS c`,
};

/**
 * The `char` and `text` columns of a row as one ClickHouse String, and the columns split
 * again from it (`unpack` of the packed column's name), or undefined when there are none:
 * each text's length in decimal, comma-separated, then `;`, the characters, the texts. The
 * lengths are digits, so the first `;` ends them, and each text is cut by its length (any
 * content, separators included, comes back as it was).
 */
function packTexts(
  columns: readonly FirstColumn[],
): { readonly pack: string; readonly unpack: (packed: string) => string[] } | undefined {
  const chars = columns.filter((c) => c.holds === 'char').map((c) => c.name);
  const texts = columns.filter((c) => c.holds === 'text').map((c) => c.name);
  if (chars.length + texts.length === 0) return undefined;
  const lengths = texts.map((t) => `toString(length(${t}))`);
  const pack = `concat(${[...lengths.flatMap((l, k) => (k === 0 ? [l] : ["','", l])), "';'", ...chars, ...texts].join(', ')})`;
  const unpack = (packed: string) => {
    const semicolon = `position(${packed}, ';')`;
    const length = (k: number) =>
      `toUInt64(splitByChar(',', substring(${packed}, 1, ${semicolon} - 1))[${k + 1}])`;
    const out = chars.map((c, k) => `substring(${packed}, ${semicolon} + ${k + 1}, 1) AS ${c}`);
    let start = `${semicolon} + ${chars.length + 1}`;
    for (const [k, t] of texts.entries()) {
      out.push(`substring(${packed}, ${start}, ${length(k)}) AS ${t}`);
      start = `${start} + ${length(k)}`;
    }
    return out;
  };
  return { pack, unpack };
}
