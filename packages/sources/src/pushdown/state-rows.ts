/**
 * The rows of the compiled queries as charges accumulator states (docs/aggregation-state.md):
 * the header's counts, and each pushed charge's buckets and groups with their figures. The
 * 128-bit sums come back as text and become exact decimals here; the values the SQL did not
 * sum itself (an exponent, more than 18 digits) are added here, exactly.
 */

import {
  type AggregationType,
  add,
  type ChargeBuckets,
  compare,
  type Decimal,
  decimalFromCount,
  formatDecimal,
  multiply,
  parseDecimal,
  REJECTION_REASONS,
  type RejectionReason,
  STATE_FORMAT,
  ZERO,
} from '@feecast/engine';
import { isRight } from 'fp-ts/lib/Either.js';
import { DIRECT_SUFFIX, FRACTION_DIGITS, VALUE_PARTS } from './compile';
import { appendEntryList } from './entry-list';

/** A row of the buckets query (figures by aggregation type; see compile.ts). */
export type BucketRow = Readonly<Record<string, unknown>>;

/** What the status rows (`c = -1`, `c = -3`) say of one subscription's rows. */
export interface Header {
  readonly rejected: Partial<Record<RejectionReason, number>>;
  outside: number;
  /** Rows SQL does not read exactly as the in-process reader: the run falls back. */
  doubt: number;
  /**
   * Groups whose weighted sums may exceed what the database sums exactly (see
   * {@link mayOverflow}): also counted in `doubt`, so the run falls back.
   */
  overflow?: number;
}

/** The header of no rows. */
export function emptyHeader(): Header {
  return { rejected: {}, outside: 0, doubt: 0 };
}

function count(value: unknown): number {
  const n = Number(value ?? 0);
  return Number.isSafeInteger(n) ? n : 0;
}

function addRejected(header: Header, reason: RejectionReason, n: number): void {
  header.rejected[reason] = (header.rejected[reason] ?? 0) + n;
}

const SCALE = 10n ** BigInt(FRACTION_DIGITS);

/** A 128-bit integer as the dialect's `wideText` writes it (`digits`, or `high|low`). */
function wide(value: unknown): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  const [high = '0', low] = String(value).split('|');
  return low === undefined ? BigInt(high) : BigInt(high) * SCALE + BigInt(low);
}

/**
 * The sum of a value's four parts (compile.ts, `VALUE_PARTS`), the columns `<prefix>ih`,
 * `<prefix>i`, `<prefix>f`, `<prefix>fl` (128-bit integer texts), as an exact decimal:
 * `ih × 10^18 + i + f × 10^-18 + fl × 10^-36`.
 */
function fromParts(row: BucketRow, prefix: string): Decimal {
  let total = 0n;
  for (const { suffix } of VALUE_PARTS) total = total * SCALE + wide(row[`${prefix}${suffix}`]);
  const fractionDigits = 2 * FRACTION_DIGITS;
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(fractionDigits + 1, '0');
  const cut = digits.length - fractionDigits;
  const parsed = parseDecimal(`${negative ? '-' : ''}${digits.slice(0, cut)}.${digits.slice(cut)}`);
  return isRight(parsed) ? parsed.right : ZERO;
}

/**
 * A figure's sum: the decimal text of `<prefix>d` where the SQL summed a typed column as it is
 * (NULL: no rows, 0), else the sum of its parts ({@link fromParts}).
 */
function sumOf(row: BucketRow, prefix: string): Decimal {
  const direct = row[`${prefix}${DIRECT_SUFFIX}`];
  if (direct === undefined) return fromParts(row, prefix);
  return direct === null ? ZERO : decimal(String(direct));
}

function decimal(text: string): Decimal {
  const parsed = parseDecimal(text);
  return isRight(parsed) ? parsed.right : ZERO;
}

/** The residue `time@value` texts of a row, as [epoch ms, value]. */
function residues(list: unknown): [number, Decimal][] {
  if (!Array.isArray(list)) return [];
  return list.map((item): [number, Decimal] => {
    const text = String(item);
    const at = text.indexOf('@');
    return [Number(text.slice(0, at)), decimal(text.slice(at + 1))];
  });
}

interface GroupEntry {
  grouped_by: Record<string, string | null>;
  state: Record<string, unknown>;
}

/** One subscription's buckets: per charge index, per bucket index, groups by key. */
export type Buckets = Map<number, Map<number, Map<string, GroupEntry>>>;

/** Context of the figures: the period, for sums' sides and weights. */
export interface FigureContext {
  readonly type: AggregationType;
  readonly fromMs: number;
  readonly endMs: number;
  readonly charges: readonly ChargeBuckets[];
  /** A run over many periods: each state key's own period (`fromMs`, `endMs` above are not read). */
  readonly periods?: ReadonlyMap<string, { readonly fromMs: number; readonly endMs: number }>;
}

/** The state of a group that holds no event (kind.ts: each type's empty state). */
function emptyState(type: AggregationType): Record<string, unknown> {
  switch (type) {
    case 'count_agg':
      return { count: 0 };
    case 'sum_agg':
      return { count: 0, sum: '0', sum_before_period: '0' };
    case 'max_agg':
      return { count: 0, max: null };
    case 'latest_agg':
      return { count: 0, latest: null, latest_at: null };
    case 'weighted_sum_agg':
      return { count: 0, weighted_ms: '0', variation: '0' };
    case 'unique_count_agg':
      return { values: [], values_before_period: [] };
  }
}

/**
 * The largest sum of a weighted sum's part that every database gives exactly: ClickHouse sums
 * a `Decimal128` without checking for overflow, and writes its halves as 64-bit integers
 * (`wideText`), so a sum must stay below 2^63 × 10^18; DuckDB's `HUGEINT` stops with an error
 * beyond 2^127, above this bound.
 */
const WEIGHTED_BOUND = 2n ** 63n * SCALE;

/**
 * Whether a group's weighted sums may exceed {@link WEIGHTED_BOUND}: each of its `wn` rows adds
 * a part below 10^18 times at most `ww` milliseconds.
 */
function mayOverflow(row: BucketRow): boolean {
  const rows = BigInt(count(row.wn));
  const weight = row.ww === null || row.ww === undefined ? 0n : BigInt(String(row.ww));
  return rows * SCALE * (weight < 0n ? -weight : weight) >= WEIGHTED_BOUND;
}

/** Reads a figures row into its group's state; `false` when its figures cannot be trusted. */
function figures(row: BucketRow, context: FigureContext, entry: GroupEntry): boolean {
  const cnt = count(row.cnt);
  switch (context.type) {
    case 'count_agg':
      entry.state = { count: cnt };
      return true;
    case 'sum_agg': {
      let sum = sumOf(row, 's');
      let before = sumOf(row, 'b');
      for (const [at, v] of residues(row.res)) {
        if (at < context.fromMs) before = add(before, v);
        else sum = add(sum, v);
      }
      entry.state = {
        count: cnt,
        sum: formatDecimal(sum),
        sum_before_period: formatDecimal(before),
      };
      return true;
    }
    case 'max_agg': {
      let max: Decimal | undefined = count(row.mxn) > 0 ? decimal(String(row.mx)) : undefined;
      for (const [, v] of residues(row.res)) if (max === undefined || compare(v, max) > 0) max = v;
      entry.state = { count: cnt, max: max === undefined ? null : formatDecimal(max) };
      return true;
    }
    case 'latest_agg':
      entry.state = {
        count: cnt,
        latest: cnt > 0 ? formatDecimal(decimal(String(row.lv))) : null,
        latest_at: cnt > 0 ? count(row.lt) : null,
      };
      return true;
    case 'weighted_sum_agg': {
      if (mayOverflow(row)) return false;
      let weighted = fromParts(row, 'w');
      let variation = sumOf(row, 'v');
      for (const [at, v] of residues(row.res)) {
        weighted = add(weighted, multiply(v, decimalFromCount(context.endMs - at)));
        variation = add(variation, v);
      }
      entry.state = {
        count: cnt,
        weighted_ms: formatDecimal(weighted),
        variation: formatDecimal(variation),
      };
      return true;
    }
    case 'unique_count_agg': {
      // One row per group, its values' entries as lists (DuckDB, compile.ts `valueLists`).
      if (row.uv !== undefined) {
        return (
          appendEntryList(entry.state.values as unknown[], row.uv) &&
          appendEntryList(entry.state.values_before_period as unknown[], row.ubv)
        );
      }
      const value = row.u === undefined || row.u === null ? null : String(row.u);
      const operation = (flag: unknown) =>
        String(flag) === '1' || flag === true ? 'add' : 'remove';
      // Every entry starts from the empty state, whose lists are there.
      const values = entry.state.values as unknown[];
      const before = entry.state.values_before_period as unknown[];
      values.push({ value, operation: operation(row.la), at: count(row.lt) });
      if (count(row.bn) > 0)
        before.push({ value, operation: operation(row.ba), at: count(row.bt) });
      return true;
    }
  }
}

/**
 * Reads a batch of the query's rows (into `headers` and `out`, batch after batch): the row statuses (`c = -1`: rejected, outside the period, or read
 * in doubt) and repeats (`c = -3`) into each subscription's header, the figures into each
 * subscription's buckets.
 */
export function readBuckets(
  rows: readonly BucketRow[],
  context: FigureContext,
  headers: Map<string | null, Header>,
  out: Map<string | null, Buckets> = new Map(),
): Map<string | null, Buckets> {
  for (const row of rows) {
    const sub =
      row.s === undefined || row.s === null ? (row.s === undefined ? '' : null) : String(row.s);
    const ghost = Number(row.c) === -2;
    const c = ghost ? 0 : Number(row.c);
    // Every subscription with a row has a header (its state), rejected rows or not.
    let header = headers.get(sub);
    if (header === undefined) {
      header = emptyHeader();
      headers.set(sub, header);
    }
    if (c < 0) {
      const reason = c === -3 ? 'duplicate_transaction_id' : String(row.b);
      const n = count(row.cnt);
      if (reason === 'doubt') header.doubt += n;
      else if (reason === 'outside') header.outside += n;
      else if (Object.hasOwn(REJECTION_REASONS, reason))
        addRejected(header, reason as RejectionReason, n);
      continue;
    }
    let buckets = out.get(sub);
    if (buckets === undefined) {
      buckets = new Map();
      out.set(sub, buckets);
    }
    let charge = buckets.get(c);
    if (charge === undefined) {
      charge = new Map();
      buckets.set(c, charge);
    }
    const b = Number(row.b);
    let groups = charge.get(b);
    if (groups === undefined) {
      groups = new Map();
      charge.set(b, groups);
    }
    const keys = context.charges[c]?.grouped_by ?? [];
    const groupedBy: Record<string, string | null> = {};
    keys.forEach((key, j) => {
      const g = row[`g${j}`];
      Object.defineProperty(groupedBy, key, {
        value: g === undefined || g === null ? null : String(g),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    });
    const groupKey = JSON.stringify(keys.map((key) => groupedBy[key] ?? null));
    let entry = groups.get(groupKey);
    if (entry === undefined) {
      entry = { grouped_by: groupedBy, state: emptyState(context.type) };
      groups.set(groupKey, entry);
    }
    const own = sub === null ? undefined : context.periods?.get(sub);
    if (!ghost && !figures(row, own === undefined ? context : { ...context, ...own }, entry)) {
      header.overflow = (header.overflow ?? 0) + 1;
      header.doubt++;
    }
  }
  return out;
}

/** The state JSON of `charges` (the pushed ones, in order) from a subscription's header and buckets. */
export function stateOf(
  type: AggregationType,
  header: Header | undefined,
  buckets: Buckets | undefined,
  charges: readonly { readonly index: number; readonly charge: ChargeBuckets }[],
): unknown {
  return {
    format: STATE_FORMAT,
    aggregation_type: type,
    rejected_counts: { ...(header?.rejected ?? {}) },
    outside_period: header?.outside ?? 0,
    charges: charges.map(({ index, charge }) => {
      const filterCount = charge.filters?.length ?? 0;
      const bucket = (b: number) => ({
        groups: [...(buckets?.get(index)?.get(b)?.values() ?? [])],
      });
      return {
        prorated: false,
        filters: Array.from({ length: filterCount }, (_, b) => bucket(b)),
        default: bucket(filterCount),
      };
    }),
  };
}
