/**
 * The compiler of a pushdown: a spec's pushed charges to one query over a {@link RowSource},
 * in one dialect, that reads the table once. Both dialects run the same shape: the rows of the
 * metric's code (and subscription), each given a status before deduplication (`doubt`,
 * `missing_transaction_id`, `invalid_timestamp`, `outside`, `ok`); the dialect's `firstOfEach` keeps
 * one row per subscription and transaction id of the `ok` rows (DuckDB the first in read
 * order; ClickHouse, which has no read order, the earliest; both by a hash aggregation) and
 * one per subscription and
 * status of the others, each with its number of rows; each `ok` row is read for the metric's
 * value (`missing_value`, `invalid_value`, `invalid_operation_type`, `ok`) and then counted once
 * per charge: a status row (`c = -1`, `b` the status, the rows not ok included), a repeats row
 * (`c = -3`: the rows of an id beyond its first) or, for an `ok` row, one row per pushed charge
 * (`c`) with its bucket (`b`: the most specific filter it matches, else the default) and group
 * (`g0`, `g1`...), aggregated into the state's figures. The rows are aggregated before they
 * are repeated: once into partial figures per row key (every charge's bucket and groups at
 * once, each row read once), then the partials, repeated per charge, into the figures. A
 * unique count's figures (one row per value) are, where the dialect builds entry lists
 * (DuckDB), gathered into one row per group (`valueLists`).
 *
 * Decimals are never summed as floats: a value of at most 36 integer and 36 fraction digits
 * (every DECIMAL(38, s) and Decimal128 value) is split into four parts of 18 digits, each a
 * 64-bit integer summed exactly in 128 bits (`HUGEINT`, `Decimal128(0)`); any other valid value
 * (an exponent, more digits) comes back as text, with its time, and is added in-process. A
 * dialect with `shortValueParts` (ClickHouse) splits fewer values its own cheaper way and
 * sends the others back as text the same way. A typed number column is split by arithmetic,
 * or, where the dialect `sumsTyped` (DuckDB), summed as it is (a weighted sum's products by
 * its parts still).
 */
import {
  type AggregationType,
  ALL_FILTER_VALUES,
  type ChargeBuckets,
  type MetricFilter,
} from '@feecast/engine';
import type { Dialect, FirstColumn } from './dialect';
import type { PropertyRead, RowSource } from './row-source';

/** The decimal grammar of the engine's parser, exponents limited to ±1000 (`core/decimal`). */
export const DECIMAL_GRAMMAR = '-?[0-9]+(\\.[0-9]+)?([eE][+-]?0*([0-9]{1,3}|1000))?';
/** A decimal the SQL sums itself: at most 36 integer and 36 fraction digits. */
const REGULAR = '-?[0-9]{1,36}(\\.[0-9]{1,36})?';
/** A JSON number whose text the in-process reader gives alike (`String(number)`): plain digits. */
const PLAIN_NUMBER = '-?[0-9]+(\\.[0-9]+)?';
/** A JSON number whose `String(number)` is its own text: an integer of at most 15 digits. */
const CANONICAL_INTEGER = '-?(0|[1-9][0-9]{0,14})';
/**
 * A row's statuses in SQL, as small numbers (the index here): grouped and compared as numbers,
 * written as their names only in a status row's bucket (`b` of `c = -1`).
 */
const STATUSES = [
  'ok',
  'doubt',
  'missing_transaction_id',
  'invalid_timestamp',
  'outside',
  'missing_value',
  'invalid_value',
  'invalid_operation_type',
] as const;

/** The number of status `name` in SQL. */
function st(name: (typeof STATUSES)[number]): string {
  return String(STATUSES.indexOf(name));
}

/** The name of the status numbered `expr`. */
function statusName(expr: string): string {
  return `CASE ${STATUSES.map((name, k) => `WHEN ${expr} = ${k} THEN '${name}'`).join(' ')} END`;
}

/** The digits of each of a value's four parts (see {@link VALUE_PARTS}); the scale of a fraction part. */
export const FRACTION_DIGITS = 18;
/** The suffix of a figure summed as one exact decimal (a typed column's, `Dialect.sumsTyped`). */
export const DIRECT_SUFFIX = 'd';
/**
 * The four parts of a value the SQL sums, each a signed 64-bit integer of 18 digits: the
 * integer's high digits (× 10^18), its low digits, the fraction's first 18 digits (× 10^-18)
 * and its next 18 (× 10^-36). A sum of each comes back as a column named with the figure's
 * prefix and the part's suffix (`si`, `sih`, `sf`, `sfl`...), read by `fromParts`.
 */
export const VALUE_PARTS = [
  { column: '__ih', suffix: 'ih' },
  { column: '__i', suffix: 'i' },
  { column: '__f', suffix: 'f' },
  { column: '__fl', suffix: 'fl' },
] as const;

/** What the compiler needs of a spec, checked by the engine beforehand. */
export interface CompileInput {
  readonly type: AggregationType;
  readonly fieldName: string | undefined;
  readonly recurring: boolean;
  readonly metricFilters: readonly MetricFilter[];
  readonly charges: readonly ChargeBuckets[];
  /** The charges to push down (indices into `charges`). */
  readonly pushed: readonly number[];
  readonly fromMs: number;
  readonly endMs: number;
  readonly deduplicate: boolean;
  /** `true`: one state per subscription (the output has a subscription column `s`). */
  readonly perSubscription: boolean;
  /** Only the rows of the metric's code, and of this subscription and the rows naming none. */
  readonly code: string;
  /**
   * Read only the rows the period needs (`RowSource.periodRows`: those of the period, and
   * before it for a metric that reads its history), pruned by the database: the figures are
   * the same, but `outside_period` then counts only the rows the pruning let through.
   */
  readonly periodRowsOnly?: boolean;
  readonly subscription: string | undefined;
  /**
   * Many periods at once (a backtest): each row joins the periods of its subscription that
   * hold it (`[fromMs, endMs)`, every one ending after it for a recurring metric), and the
   * state key (`s`) is the period's `key`; `fromMs` and `endMs` above are then not read.
   */
  readonly periods?: PeriodsInput;
  /**
   * Over every subscription, without periods: each row naming none is also read with each
   * subscription with rows of the metric (tie-order.ts), its transaction ids apart (`__o`).
   */
  readonly noneWithEach?: boolean;
}

/** The periods of a run over many periods (see `CompileInput.periods`). */
export interface PeriodsInput {
  readonly list: readonly PeriodRow[];
  /** The subscription of the rows naming none (the only one of the run), if any. */
  readonly only: string | undefined;
}

/** One period of one subscription, and the key of its state. */
export interface PeriodRow {
  readonly key: string;
  readonly subscription: string;
  readonly fromMs: number;
  readonly endMs: number;
}

/** The query of a pushdown (one scan of the table), or why the table's rows cannot be read in SQL. */
export interface CompiledQueries {
  readonly buckets: string;
  /** The number of group columns (`g0`...) of the buckets query. */
  readonly groupColumns: number;
}

/** The filters of a charge in the order they are tried (filters.ts: the most specific first). */
export function filterOrder(
  filters: readonly Readonly<Record<string, readonly string[]>>[],
  metricFilters: readonly MetricFilter[],
): { readonly index: number; readonly accepted: readonly (readonly [string, string[]])[] }[] {
  const compiled = filters.map((values, index) => {
    const accepted = Object.keys(values).map((key): [string, string[]] => {
      const list = values[key] ?? [];
      const declared = metricFilters.find((f) => f.key === key)?.values ?? [];
      return [key, list.includes(ALL_FILTER_VALUES) ? [...declared] : [...list]];
    });
    const breadth = accepted.reduce((n, [, list]) => n + list.length, 0);
    return { index, accepted, breadth };
  });
  // The rule of createFilterRouter: the most keys, then the fewest values, then the first.
  return compiled.sort(
    (a, b) => b.accepted.length - a.accepted.length || a.breadth - b.breadth || a.index - b.index,
  );
}

/** Builds the queries, or says why the table's rows cannot be read in SQL. */
export function compileQueries(
  input: CompileInput,
  source: RowSource,
  dialect: Dialect,
): CompiledQueries | string {
  const d = dialect;
  const periods = input.periods;
  if (periods !== undefined && d.name !== 'duckdb') {
    return 'periods joined in SQL are compiled for DuckDB only';
  }
  // The period's bounds: constants, or the joined period's columns.
  const fromSql = periods === undefined ? String(input.fromMs) : '__pf';
  const endSql = periods === undefined ? String(input.endMs) : '__pe';
  const sure = (condition: string): string => `coalesce(${condition}, ${d.false})`;
  const kindIn = (p: PropertyRead, kinds: readonly string[]): string =>
    `${p.kind} IN (${kinds.map((k) => `'${k}'`).join(', ')})`;
  // Each property is read once, in the innermost query; the queries above read its aliases.
  const keys: string[] = [];
  const want = (key: string) => {
    if (!keys.includes(key)) keys.push(key);
  };
  if (input.fieldName !== undefined) want(input.fieldName);
  if (input.type === 'unique_count_agg') want('operation_type');
  for (const c of input.pushed) {
    const charge = input.charges[c] ?? {};
    for (const values of charge.filters ?? []) for (const key of Object.keys(values)) want(key);
    for (const key of charge.grouped_by ?? []) want(key);
  }
  const got = source.properties(keys);
  if (typeof got === 'string') return got;
  const read = (key: string): PropertyRead => {
    const i = keys.indexOf(key);
    const kinds = got.reads[i]?.kinds;
    return { kind: `__k${i}`, text: `__x${i}`, ...(kinds === undefined ? {} : { kinds }) };
  };
  /** Whether a property's rows can hold `kind` (a typed column holds few). */
  const can = (p: PropertyRead, kind: string): boolean =>
    p.kinds === undefined || p.kinds.includes(kind);
  /** Row doubts over the aliases: properties whose text SQL does not give as the rows do. */
  const doubts: string[] = [];
  const textUse = new Set<string>();
  /** The property's text as filters, groups and unique counts compare it (NULL: none). */
  const textOf = (key: string): string => {
    const p = read(key);
    if (!textUse.has(key)) {
      textUse.add(key);
      const doubt = [
        ...(can(p, 'd') ? [`${p.kind} = 'd'`] : []),
        ...(can(p, 'n')
          ? [
              `(${p.kind} = 'n' AND (NOT ${d.matches(p.text, CANONICAL_INTEGER)} OR ${p.text} = '-0'))`,
            ]
          : []),
      ];
      if (doubt.length > 0) doubts.push(doubt.join(' OR '));
    }
    return `CASE WHEN ${kindIn(p, ['s', 'n', 'b'])} THEN ${p.text} END`;
  };

  const value = input.fieldName === undefined ? undefined : read(input.fieldName);
  const numeric =
    input.type === 'sum_agg' ||
    input.type === 'max_agg' ||
    input.type === 'latest_agg' ||
    input.type === 'weighted_sum_agg';
  // A typed number column: its value's parts by arithmetic (`__ev`), never from its text.
  const exact =
    numeric && input.fieldName !== undefined
      ? got.reads[keys.indexOf(input.fieldName)]?.exact
      : undefined;
  // Its text only where a filter reads it: a maximum or a latest value keeps the typed value,
  // written as text once per figure (the same text as the row's, `CAST` alike).
  const valueText = exact === undefined;
  if (value !== undefined && numeric && can(value, 'n')) {
    const digits = d.replace(d.replace(value.text, '-', ''), '.', '');
    doubts.push(
      `${value.kind} = 'n' AND NOT (${d.matches(value.text, PLAIN_NUMBER)} AND length(${digits}) <= 15)`,
    );
  }
  const unique = input.type === 'unique_count_agg';
  const uniqueText = unique && input.fieldName !== undefined ? textOf(input.fieldName) : 'NULL';
  const operation = unique ? read('operation_type') : undefined;

  // Per pushed charge: its bucket and group expressions.
  const charges = input.pushed.map((c) => {
    const charge = input.charges[c] ?? {};
    const filters = charge.filters ?? [];
    const whens = filterOrder(filters, input.metricFilters).map(({ index, accepted }) => {
      const match =
        accepted.length === 0
          ? d.true
          : accepted
              .map(
                ([key, list]) => `${textOf(key)} IN (${list.map((x) => d.string(x)).join(', ')})`,
              )
              .join(' AND ');
      return `WHEN ${sure(match)} THEN '${index}'`;
    });
    const bucket =
      whens.length === 0
        ? `'${filters.length}'`
        : `CASE ${whens.join(' ')} ELSE '${filters.length}' END`;
    const groups = (charge.grouped_by ?? []).map((key) => `nullIf(${textOf(key)}, '')`);
    return { c, bucket, fixed: whens.length === 0, groups };
  });
  let groupColumns = 0;
  for (const ch of charges) groupColumns = Math.max(groupColumns, ch.groups.length);

  // L1: the rows of the metric (and subscription), read; with `noneWithEach`, a row naming none
  // once per subscription with rows of the metric, and `__o` to keep its transaction ids apart.
  const joined = input.perSubscription && periods === undefined && input.noneWithEach === true;
  const named = () =>
    `(SELECT ${d.distinctTexts(source.subscription)} FROM ${source.from} WHERE ${source.code} = ${d.string(input.code)} AND ${source.subscription} IS NOT NULL)`;
  const sub = !input.perSubscription
    ? `coalesce(${source.subscription}, '')`
    : joined
      ? d.eachOf(source.subscription, named())
      : source.subscription;
  const sourceDoubt =
    source.doubts.length === 0 ? d.false : source.doubts.map((x) => sure(x)).join(' OR ');
  const where = [`${source.code} = ${d.string(input.code)}`];
  if (input.subscription !== undefined && source.subscriptionKey !== undefined) {
    // The table's sorting key: one subscription reads only its granules (and those naming none).
    where.push(`${source.subscriptionKey} IN ('', ${d.string(input.subscription)})`);
  }
  if (input.subscription !== undefined) {
    where.push(
      `(${source.subscription} IS NULL OR ${source.subscription} = ${d.string(input.subscription)})`,
    );
  }
  const readsHistory =
    input.recurring && (input.type === 'sum_agg' || input.type === 'unique_count_agg');
  if (input.periodRowsOnly === true && periods === undefined) {
    const rows = source.periodRows?.(readsHistory ? undefined : input.fromMs, input.endMs);
    if (rows !== undefined) where.push(rows);
  }
  // The value's text, of a typed column (read as a number) and read by no filter or group, is
  // not read; nor, after the row's status, its kind (missing: the column's NULL).
  const unread = (i: number) =>
    keys[i] === input.fieldName && !valueText && !textUse.has(keys[i] ?? '');
  const kindUnread = (i: number) => exact !== undefined && unread(i);
  // A property of a typed column is carried through the deduplication as its column, and read
  // after it (one column through the step, not its kind and its text), unless a doubt of the
  // row's status reads it before.
  const doubted = doubts.join(' ');
  const late = got.reads.map((p, i) =>
    input.deduplicate &&
    periods === undefined &&
    p.typed !== undefined &&
    !new RegExp(`\\b__[kx]${i}\\b`).test(doubted)
      ? { column: p.typed.column, read: p.typed.at(`__p${i}`) }
      : undefined,
  );
  const reads = got.reads.flatMap((p, i) => {
    const carriedAs = late[i];
    if (carriedAs !== undefined) return [`${carriedAs.column} AS __p${i}`];
    return [
      `${p.kind} AS __k${i}`,
      unread(i) ? `'' AS __x${i}` : `coalesce(${p.text}, '') AS __x${i}`,
    ];
  });
  const carried = exact === undefined ? [] : ['__ev'];
  const l1Columns = [
    '__n',
    `${sub} AS __s`,
    ...(joined ? [`${source.subscription} IS NULL AS __o`] : []),
    `${source.transactionId} AS __id`,
    `${source.timeMs} AS __t`,
    `${sourceDoubt} AS __sd`,
    ...reads,
    ...(exact === undefined ? [] : [`${exact.value} AS __ev`]),
  ];
  const l0 = `SELECT *, ${source.order ?? '0'} AS __n${got.columns.map((c) => `, ${c}`).join('')} FROM ${source.from} WHERE ${where.join(' AND ')}`;
  let l1 = `SELECT ${l1Columns.join(', ')} FROM (${l0}) AS l0`;
  if (periods !== undefined)
    l1 = joinPeriods(
      l1,
      periods,
      input.recurring,
      source.timeRequired,
      got.reads.length,
      carried,
      d,
    );
  // L2: the row's status before deduplication.
  const outside = readsHistory ? `__t >= ${endSql}` : `__t >= ${endSql} OR __t < ${fromSql}`;
  const doubt = ['__sd', ...(source.timeRequired ? ['__t IS NULL'] : []), ...doubts.map(sure)].join(
    ' OR ',
  );
  const status = `CASE WHEN ${doubt} THEN ${st('doubt')} WHEN __id = '' THEN ${st('missing_transaction_id')} WHEN __t IS NULL THEN ${st('invalid_timestamp')} WHEN ${outside} THEN ${st('outside')} ELSE ${st('ok')} END`;
  const l2 = `SELECT *, ${status} AS __st FROM (${l1}) AS l1`;

  // L3: one row per subscription and transaction id of the ok rows, one per subscription and
  // status of the others, each with its number of rows `__w` (the ok rows beyond the first
  // are the repeats). The rows' statuses and the first of each id at once (`firstOfEach`).
  let l3 = `SELECT *, ${d.int("'1'")} AS __w FROM (${l2}) AS l2`;
  let firstRows: ((read: (column: string) => boolean) => string) | undefined;
  if (input.deduplicate) {
    // What the queries above read of a row (its doubts are in its status already).
    const other = (name: string): FirstColumn => ({ name, holds: 'other' });
    const picked: FirstColumn[] = [
      // Without a read order `__n` is a constant, and the first row is the earliest.
      ...(source.order === undefined ? [] : [other('__n')]),
      other('__t'),
      // A kind is one character (`PropertyRead`), a text never NULL (`coalesce`d in L1).
      ...got.reads.flatMap((_, i): FirstColumn[] =>
        late[i] !== undefined
          ? [other(`__p${i}`)]
          : [
              ...(kindUnread(i) ? [] : [{ name: `__k${i}`, holds: 'char' } as const]),
              ...(unread(i) ? [] : [{ name: `__x${i}`, holds: 'text' } as const]),
            ],
      ),
      ...carried.map(other),
      ...(periods === undefined ? [] : [other('__pf'), other('__pe')]),
    ];
    const keyed = `SELECT *, CASE WHEN __st = ${st('ok')} THEN __id ELSE '' END AS __di FROM (${l2}) AS l2`;
    const partition = ['__s', ...(joined ? ['__o'] : []), '__st', '__di'];
    const order = source.order === undefined ? '__t' : '__n';
    // Written once the queries after it are (`firstRows` below): only the columns they read.
    firstRows = (read) => {
      // The properties carried as their columns, read from them where the queries above do.
      const after = late.flatMap((carriedAs, i) => {
        if (carriedAs === undefined) return [];
        const { kind, text } = carriedAs.read;
        return [
          ...(read(`__k${i}`) ? [`${kind} AS __k${i}`] : []),
          ...(read(`__x${i}`)
            ? [unread(i) ? `'' AS __x${i}` : `coalesce(${text}, '') AS __x${i}`]
            : []),
        ];
      });
      const kept = picked.filter(({ name }) => {
        const i = late.findIndex((_, k) => name === `__p${k}`);
        return i < 0 ? read(name) : read(`__k${i}`) || read(`__x${i}`);
      });
      const rows = d.firstOfEach(keyed, partition, kept, order);
      return `SELECT ${['*', '__di AS __id', ...after].join(', ')} FROM (${rows}) AS l3d`;
    };
    l3 = FIRST_ROWS;
  }

  // L4: the value, its status, and what the charges read of it.
  const missing =
    value === undefined
      ? d.false
      : exact !== undefined
        ? '__ev IS NULL'
        : `${value.kind} IN ('a', 'z')`;
  let valueStatus = st('ok');
  if (value !== undefined && input.type === 'count_agg') {
    valueStatus = `CASE WHEN ${missing} THEN ${st('missing_value')} ELSE ${st('ok')} END`;
  } else if (value !== undefined && exact !== undefined) {
    valueStatus = `CASE WHEN ${missing} THEN ${st('missing_value')} ELSE ${st('ok')} END`;
  } else if (value !== undefined && numeric) {
    const valid = `(${value.kind} = 'n' OR (${value.kind} IN ('s', 'd') AND ${sure(d.matches(value.text, DECIMAL_GRAMMAR))}))`;
    valueStatus = `CASE WHEN ${missing} THEN ${st('missing_value')} WHEN NOT ${valid} THEN ${st('invalid_value')} ELSE ${st('ok')} END`;
  } else if (value !== undefined && operation !== undefined) {
    const opValid = `(${operation.kind} = 'a' OR (${operation.kind} = 's' AND ${operation.text} IN ('add', 'remove')))`;
    valueStatus = `CASE WHEN ${value.kind} = 'o' THEN ${st('invalid_value')} WHEN NOT ${opValid} THEN ${st('invalid_operation_type')} ELSE ${st('ok')} END`;
  }
  // The parts a typed column never has (its high integer digits, its fraction beyond 18
  // digits; an integer's fraction): not summed, their sums are 0.
  const zeroParts = new Set<string>();
  // The rows that are not ok keep their status: counted once per status, with `__w`.
  const l4Columns = [`CASE WHEN __st <> ${st('ok')} THEN __st ELSE ${valueStatus} END AS __vs`];
  if (exact !== undefined) {
    // Each part a 64-bit integer: the integer digits (at most 18), the fraction's `scale`
    // digits × 10^(18 - scale); both carry the value's sign, as the text's parts below do.
    const whole = exact.scale === 0 ? 'CAST(__ev AS BIGINT)' : 'CAST(trunc(__ev) AS BIGINT)';
    const fraction =
      exact.scale === 0
        ? '0'
        : `CAST((__ev - trunc(__ev)) * ${10n ** BigInt(exact.scale)} AS BIGINT) * ${10n ** BigInt(FRACTION_DIGITS - exact.scale)}`;
    const parts = ['0', whole, fraction, '0'];
    for (const [k, { column }] of VALUE_PARTS.entries())
      if (parts[k] === '0') zeroParts.add(column);
    l4Columns.push(
      `__st = ${st('ok')} AND __ev IS NOT NULL AS __r`,
      `${d.false} AS __nr`,
      ...VALUE_PARTS.map(({ column }, k) => `${parts[k]} AS ${column}`),
      ...(valueText ? [`${value?.text} AS __v`] : []),
    );
  } else if (numeric && value !== undefined && d.shortValueParts !== undefined) {
    // The dialect's cheaper split of the shorter values; the longer ones as text (`__nr`).
    const { regular, parts } = d.shortValueParts(value.text);
    for (const [k, { column }] of VALUE_PARTS.entries())
      if (parts[k] === '0') zeroParts.add(column);
    l4Columns.push(
      `CASE WHEN __st = ${st('ok')} THEN ${sure(regular)} ELSE ${d.false} END AS __r`,
      `CASE WHEN __st = ${st('ok')} THEN NOT ${sure(regular)} ELSE ${d.false} END AS __nr`,
      ...VALUE_PARTS.map(({ column }, k) => `${parts[k]} AS ${column}`),
      `${value.text} AS __v`,
    );
  } else if (numeric && value !== undefined) {
    const text = value.text;
    const negative = `${d.substring(text, 1, 1)} = '-'`;
    const digits = `CASE WHEN ${negative} THEN ${d.substring(text, 2)} ELSE ${text} END`;
    // The integer's digits padded on the left to 36, the fraction's on the right to 36.
    const zeros = `'${'0'.repeat(2 * FRACTION_DIGITS)}'`;
    const integer = d.beforeDot(digits);
    const whole = d.substring(
      d.concat([zeros, integer]),
      `length(${integer}) + 1`,
      2 * FRACTION_DIGITS,
    );
    const fraction = d.padZeros(d.afterDot(digits), 2 * FRACTION_DIGITS);
    const part = (text: string, start: number) => d.int(d.substring(text, start, FRACTION_DIGITS));
    const parts = [
      part(whole, 1),
      part(whole, FRACTION_DIGITS + 1),
      part(fraction, 1),
      part(fraction, FRACTION_DIGITS + 1),
    ];
    const regular = sure(d.matches(text, REGULAR));
    l4Columns.push(
      // Only ok rows are figures; the others are counts (their values are not summed).
      `CASE WHEN __st = ${st('ok')} THEN ${regular} ELSE ${d.false} END AS __r`,
      `CASE WHEN __st = ${st('ok')} THEN NOT ${regular} ELSE ${d.false} END AS __nr`,
      ...VALUE_PARTS.map(
        ({ column }, k) =>
          `CASE WHEN ${negative} THEN -${parts[k]} ELSE ${parts[k]} END AS ${column}`,
      ),
      `${text} AS __v`,
    );
  }
  if (unique && value !== undefined && operation !== undefined) {
    l4Columns.push(
      `CASE WHEN ${value.kind} IN ('a', 'z') THEN NULL ELSE ${uniqueText} END AS __u`,
      `CASE WHEN ${operation.kind} = 's' AND ${operation.text} = 'remove' THEN 0 ELSE 1 END AS __add`,
    );
  }
  // Each charge's bucket and groups as columns of the row (L4), one column per distinct
  // expression (charges with the same filters or groups share it); a bucket without filters is
  // its literal, not a column, so that L5 does not group by a constant.
  const rowColumns = new Map<string, string>();
  const columnOf = (sql: string, alias: string): string => {
    const known = rowColumns.get(sql);
    if (known !== undefined) return known;
    rowColumns.set(sql, alias);
    l4Columns.push(`${sql} AS ${alias}`);
    return alias;
  };
  const rowBuckets = charges.map((ch) =>
    ch.fixed ? ch.bucket : columnOf(ch.bucket, `__b${ch.c}`),
  );
  const rowGroups = charges.map((ch) =>
    ch.groups.map((group, j) => columnOf(group, `__g${ch.c}_${j}`)),
  );
  const l4 = `SELECT *, ${l4Columns.join(', ')} FROM (${l3}) AS l3`;

  // The buckets query: status rows, and each ok row once per pushed charge.
  const byCharge = (
    pick: (ch: (typeof charges)[number], k: number) => string | undefined,
    otherwise: string,
  ) => {
    const cases: string[] = [];
    for (const [k, ch] of charges.entries()) {
      const sql = pick(ch, k);
      if (sql === undefined) continue;
      cases.push(`WHEN c = ${ch.c} THEN ${sql}`);
      // The first charge's group of a row whose value is refused (see `ghost` below).
      if (ch.c === 0) cases.push(`WHEN c = -2 THEN ${sql}`);
    }
    // `CASE WHEN c = ...`, not `CASE c WHEN ...`: ClickHouse 18.16 loses a Nullable result of the latter.
    return cases.length === 0 ? otherwise : `CASE ${cases.join(' ')} ELSE ${otherwise} END`;
  };
  // Each charge's bucket and groups are computed once per row (in L4), then picked.
  const bucket = `CASE WHEN c = -1 THEN ${statusName('__vs')} ELSE ${byCharge((_, k) => rowBuckets[k], "''")} END`;
  const groups = Array.from(
    { length: groupColumns },
    (_, j) => `${byCharge((_, k) => rowGroups[k]?.[j], 'NULL')} AS g${j}`,
  );
  // The rows in time order, then read order (ClickHouse, with none: the transaction id).
  const key = source.order === undefined ? d.timeIdKey('__t', '__id') : d.orderKey('__t', '__n');
  const regular = '__r';
  const inPeriod = `__t >= ${fromSql}`;
  const before = `__t < ${fromSql}`;
  // The figures are aggregated twice: once per row into its partial figures (L5, `GROUP BY`
  // the row's own bucket and groups of every charge, each row read once), then the partials
  // once per charge (the rows L5 gives, a few per subscription, bucket and group) into the
  // figures. `inner` holds L5's partial columns; each helper gives the outer expression.
  const inner: string[] = [];
  // An aggregate written twice (a count of every row, asked by two figures) is computed once.
  const aliases = new Map<string, string>();
  const partial = (sql: string): string => {
    const known = aliases.get(sql);
    if (known !== undefined) return known;
    const alias = `__a${inner.length}`;
    inner.push(`${sql} AS ${alias}`);
    aliases.set(sql, alias);
    return alias;
  };
  // A unique count's figures listed per value (`valueLists`) stay numbers until the list is
  // written: no text of each value's figures read back as a number.
  const listed = unique && d.entryList !== undefined;
  const text = listed ? (sql: string) => sql : d.text;
  const sumOf = (expr: string, condition: string) => `sum(${partial(d.sumIf(expr, condition))})`;
  const countOf = (condition: string) => text(`sum(${partial(d.countIf(condition))})`);
  const maxOf = (expr: string) => `max(${partial(`max(${expr})`)})`;
  /** The `value` of the greatest `key` of the rows meeting `condition`: of the partials' greatest. */
  const argMaxOf = (value: string, key: string, condition: string) => {
    const v = partial(d.argMaxIf(value, key, condition));
    const k = partial(d.maxIf(key, condition));
    const n = partial(d.countIf(condition));
    return d.argMaxIf(v, k, `${n} > 0`);
  };
  // Values summed from their text (typed columns never are).
  const residue = () =>
    exact === undefined
      ? d.concatLists(partial(d.listIf(d.concat([d.text('__t'), "'@'", '__v']), '__nr')))
      : 'NULL';
  /**
   * The exact sums of the parts of `times` × the value over the rows of `condition`, as
   * `<prefix><suffix>`; a typed column the dialect sums as it is (`sumsTyped`), without
   * `times`: its one sum, as `<prefix>d` (decimal text).
   */
  const partSums = (prefix: string, condition: string, times?: string) =>
    exact !== undefined && d.sumsTyped && times === undefined
      ? [`${d.text(sumOf('__ev', condition))} AS ${prefix}${DIRECT_SUFFIX}`]
      : VALUE_PARTS.map(({ column, suffix }) => {
          if (zeroParts.has(column)) return `'0' AS ${prefix}${suffix}`;
          const summed = times === undefined ? d.wide(column) : `${d.wide(column)} * ${times}`;
          return `${d.wideText(sumOf(summed, condition))} AS ${prefix}${suffix}`;
        });
  // Each row counts once, a status row its rows, a repeats row the rows beyond the first:
  // L5 counts the rows and sums their numbers of rows per partial, and the repeats are the
  // difference (Σ (__w - 1) = Σ __w - the rows).
  const rows = partial(d.rowCount);
  const rowsOfStatus = partial('sum(__w)');
  const repeats = `(${rowsOfStatus} - ${rows})`;
  const weight = `CASE WHEN c = -3 THEN ${repeats} WHEN __st <> ${st('ok')} THEN ${rowsOfStatus} ELSE ${rows} END`;
  let figures: string[] = [`${text(`sum(${weight})`)} AS cnt`];
  switch (input.type) {
    case 'sum_agg':
      // Without its history a metric's ok rows are all in the period (the others are
      // `outside`): no sums before it (read as 0).
      figures = readsHistory
        ? figures.concat(
            partSums('s', `${regular} AND ${inPeriod}`),
            partSums('b', `${regular} AND ${before}`),
            [`${residue()} AS res`],
          )
        : figures.concat(partSums('s', regular), [`${residue()} AS res`]);
      break;
    case 'max_agg':
      figures.push(
        // A typed column's value orders itself; a text's, its four parts.
        `${exact === undefined ? argMaxOf('__v', d.tuple(VALUE_PARTS.map((p) => p.column)), regular) : d.text(argMaxOf('__ev', '__ev', regular))} AS mx`,
        `${countOf(regular)} AS mxn`,
        `${residue()} AS res`,
      );
      break;
    case 'latest_agg':
      figures.push(
        `${exact === undefined ? argMaxOf('__v', key, d.true) : d.text(argMaxOf('__ev', key, d.true))} AS lv`,
        `${d.text(maxOf('__t'))} AS lt`,
      );
      break;
    case 'weighted_sum_agg': {
      const weight = `(${endSql} - __t)`;
      figures = figures.concat(partSums('w', regular, weight), partSums('v', regular), [
        // The bound of the weighted sums (see state-rows.ts, `mayOverflow`): rows and largest weight.
        `${countOf(regular)} AS wn`,
        `${d.text(maxOf(`CASE WHEN ${regular} THEN ${weight} END`))} AS ww`,
        `${residue()} AS res`,
      ]);
      break;
    }
    case 'unique_count_agg':
      figures.push(`${text(argMaxOf('__add', key, d.true))} AS la`, `${text(maxOf('__t'))} AS lt`);
      // The values' operations before the period: only a metric that reads its history has
      // ok rows there (`bn` absent: none).
      if (readsHistory) {
        figures.push(
          `${text(argMaxOf('__add', key, before))} AS ba`,
          `${text(argMaxOf('__t', key, before))} AS bt`,
          `${countOf(before)} AS bn`,
        );
      }
      break;
    case 'count_agg':
      break;
  }
  // L5's key: what the charges' buckets, groups and the row's statuses read of a row.
  const rowKey = [
    ...(input.perSubscription ? ['__s'] : []),
    '__st',
    '__vs',
    ...rowColumns.values(),
    ...(unique ? ['__u'] : []),
  ];
  const l5 = `SELECT ${[...rowKey, ...inner].join(', ')} FROM (${l4}) AS l4 GROUP BY ${rowKey.join(', ')}`;
  const output = [
    ...(input.perSubscription ? ['__s AS s'] : []),
    'c',
    `${bucket} AS b`,
    ...groups,
    ...(unique ? ['__u AS u'] : []),
    ...figures,
  ];
  const grouping = [
    ...(input.perSubscription ? ['__s'] : []),
    'c',
    'b',
    ...Array.from({ length: groupColumns }, (_, j) => `g${j}`),
    ...(unique ? ['__u'] : []),
  ];
  // The engine routes an event to the first charge's bucket and group before its value is read:
  // a refused value leaves that group, empty, in the state. The rows `c = -2` say which.
  const ghost = input.pushed.includes(0)
    ? `__vs IN (${st('invalid_value')}, ${st('invalid_operation_type')})`
    : d.false;
  const buckets = `SELECT ${output.join(', ')} FROM ${d.explode(
    `(${l5}) AS l5`,
    charges.map((ch) => ch.c),
    `__vs = ${st('ok')}`,
    ghost,
    `__st = ${st('ok')} AND ${repeats} > 0`,
  )} GROUP BY ${grouping.join(', ')}`;
  const query =
    !unique || d.entryList === undefined
      ? buckets
      : valueLists(buckets, input.perSubscription, groupColumns, readsHistory, d, d.entryList);
  return { buckets: withFirstRows(query, firstRows), groupColumns };
}

/** Stands in the queries for their deduplicated rows (L3) until those are written. */
const FIRST_ROWS = '\u0000first rows\u0000';

/**
 * `query` with its deduplicated rows written where {@link FIRST_ROWS} stands, keeping of the
 * first rows only the columns `query` reads: a column no query above reads is still carried
 * by a `SELECT *`, and neither engine drops an aggregate it carries unread.
 */
function withFirstRows(
  query: string,
  firstRows: ((read: (column: string) => boolean) => string) | undefined,
): string {
  if (firstRows === undefined) return query;
  const read = (column: string) => new RegExp(`\\b${column}\\b`).test(query);
  return query.replace(FIRST_ROWS, () => firstRows(read));
}

/**
 * A unique count's buckets query with one row per subscription, charge, bucket and group,
 * not one per value: each value's latest operation (`la`, `lt`), and before the period (`ba`,
 * `bt`, where `bn`), as the text of the state's entries (`uv`, `ubv`; entry-list.ts), and the
 * status rows' counts summed (they come one per value read too).
 */
function valueLists(
  buckets: string,
  perSubscription: boolean,
  groupColumns: number,
  readsHistory: boolean,
  d: Dialect,
  entryList: NonNullable<Dialect['entryList']>,
): string {
  const keys = [
    ...(perSubscription ? ['s'] : []),
    'c',
    'b',
    ...Array.from({ length: groupColumns }, (_, j) => `g${j}`),
  ];
  const lists = [`${entryList('u', 'la', 'lt', 'c >= 0')} AS uv`];
  if (readsHistory) {
    lists.push(`${entryList('u', 'ba', 'bt', 'c >= 0 AND bn > 0')} AS ubv`);
  }
  // The figures of `buckets` are numbers here (`listed` in `compileQueries`).
  const cnt = `${d.text('sum(cnt)')} AS cnt`;
  return `SELECT ${[...keys, cnt, ...lists].join(', ')} FROM (${buckets}) AS v GROUP BY ${keys.join(', ')}`;
}

/**
 * The rows of `l1` joined to the periods of their subscription that hold them (the rows naming
 * none to those of `periods.only`), the period's key as the subscription (`__s`) and its
 * bounds as `__pf`, `__pe`. A row SQL may read otherwise than the reader (`__sd`, or no time
 * where the reader requires one) joins every period of its subscription, so that it is seen
 * (and the run falls back); a row with no time the reader also refuses joins none, as the
 * backtest leaves it out of every period.
 */
function joinPeriods(
  l1: string,
  periods: PeriodsInput,
  recurring: boolean,
  timeRequired: boolean,
  reads: number,
  carried: readonly string[],
  d: Dialect,
): string {
  const values = periods.list
    .map((p) => `(${d.string(p.key)}, ${d.string(p.subscription)}, ${p.fromMs}, ${p.endMs})`)
    .join(', ');
  const sub = periods.only === undefined ? 'l1.__s' : `coalesce(l1.__s, ${d.string(periods.only)})`;
  const held = recurring ? 'l1.__t < __p.pe' : 'l1.__t >= __p.pf AND l1.__t < __p.pe';
  const seen = timeRequired ? 'l1.__t IS NULL OR l1.__sd' : 'l1.__sd';
  const columns = [
    'l1.__n',
    '__p.k AS __s',
    'l1.__id',
    'l1.__t',
    'l1.__sd',
    ...Array.from({ length: reads }, (_, i) => [`l1.__k${i}`, `l1.__x${i}`]).flat(),
    ...carried.map((column) => `l1.${column}`),
    '__p.pf AS __pf',
    '__p.pe AS __pe',
  ];
  return `SELECT ${columns.join(', ')} FROM (${l1}) AS l1 JOIN (VALUES ${values}) AS __p(k, s, pf, pe) ON __p.s = ${sub} AND (${seen} OR (${held}))`;
}
