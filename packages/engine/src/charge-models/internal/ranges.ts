/**
 * Ranges of graduated, graduated-percentage and volume properties: read, and checked to follow
 * each other as the reference requires (charge-models.md §1.4).
 * @internal
 */

import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  add,
  compare,
  type Decimal,
  equals,
  extended,
  type FeecastError,
  formatDecimal,
  isRecord,
  ONE,
  parseDecimal,
  ZERO,
} from '../../core/index';
import { describePath, invalidProperty, own, type PropertyRecord } from './properties';

/** Where a range sits: its bounds as decimals and as the JSON numbers configured. */
export interface Bounds {
  readonly from: Decimal;
  /** `null`: the open last range. */
  readonly to: Decimal | null;
  readonly from_value: number;
  readonly to_value: number | null;
  /**
   * The quantity below the range: the previous range's `to` (0 for the first). The range holds
   * the quantities in `(start, to]`, so integer ranges (`0..10, 11..20`) are inclusive (11 units
   * put 1 in the second range) and adjacent ones (`0..0.1, 0.1..1`) hold what is above `from`.
   */
  readonly start: Decimal;
}

/** How one family of ranges is named and chained. */
export interface RangeRules {
  /** The properties key (`graduated_ranges`). */
  readonly key: string;
  /** The reference's code when the list is missing or empty. */
  readonly missingCode: string;
  /** The reference's code when the bounds do not chain. */
  readonly invalidCode: string;
  /**
   * The starts a range may have after one ending at `to`: graduated `[to, to + 1]` (adjacent
   * or integer style), volume `[to + 1]`.
   */
  readonly nextStarts: (to: Decimal) => readonly Decimal[];
}

/** A bound as configured (a JSON number) and as an exact decimal. */
interface Bound {
  readonly json: number;
  readonly decimal: Decimal;
}

/** A range's bound: a finite JSON number `>= 0`. */
function readBound(
  value: unknown,
  at: readonly string[],
  code: string,
): Either<FeecastError, Bound> {
  const parsed = typeof value === 'number' && value >= 0 ? parseDecimal(value) : undefined;
  if (typeof value !== 'number' || parsed === undefined || isLeft(parsed)) {
    return left(
      invalidProperty(
        at,
        `${describePath(at)} must be a JSON number >= 0 (e.g. 10), got ${JSON.stringify(value) ?? 'nothing'}.`,
        code,
        value,
      ),
    );
  }
  return right({ json: value, decimal: parsed.right });
}

function startsText(starts: readonly Decimal[]): string {
  return starts.map(formatDecimal).join(' or ');
}

/**
 * Reads the ranges under `rules.key`, checks that they chain (first from 0 or 1, each next one
 * starting where `rules.nextStarts` allows, every range but the last closed with
 * `to_value > from_value`, the last open), and reads each range's own amounts with `readRange`.
 *
 * @example
 * readRanges({ volume_ranges: [{ from_value: 0, to_value: 10, ... }, { from_value: 11, to_value: null, ... }] },
 *   ['properties'], volumeRules, readUnitPrices) // right([{ start: 0, to: 10, ... }, { start: 10, to: null, ... }])
 */
export function readRanges<R extends object>(
  record: PropertyRecord,
  path: readonly string[],
  rules: RangeRules,
  readRange: (range: PropertyRecord, at: readonly string[]) => Either<FeecastError, R>,
): Either<FeecastError, readonly [Bounds & R, ...(Bounds & R)[]]> {
  const list = own(record, rules.key);
  const listPath = [...path, rules.key];
  const missing = invalidProperty(
    listPath,
    `${rules.key} must be a non-empty array of ranges, the first from_value 0 and the last to_value null.`,
    rules.missingCode,
    list,
  );
  if (!Array.isArray(list)) return left(missing);
  const ranges: (Bounds & R)[] = [];
  let starts: readonly Decimal[] = [ZERO, ONE];
  let previous: Decimal | null = null;
  for (const [index, item] of list.entries()) {
    const at = [...listPath, String(index)];
    if (!isRecord(item)) {
      return left(
        invalidProperty(
          at,
          `${describePath(at)} must be an object with from_value and to_value.`,
          rules.invalidCode,
          item,
        ),
      );
    }
    const fromBound = readBound(own(item, 'from_value'), [...at, 'from_value'], rules.invalidCode);
    if (isLeft(fromBound)) return fromBound;
    const from = fromBound.right.decimal;
    const fromPath = [...at, 'from_value'];
    if (!starts.some((start) => equals(start, from))) {
      const after =
        previous === null ? 'the first range starts at' : 'after the previous range, use';
      return left(
        invalidProperty(
          fromPath,
          `${describePath(fromPath)} is ${formatDecimal(from)}; ${after} ${startsText(starts)}: ranges must follow each other without gap or overlap.`,
          rules.invalidCode,
          own(item, 'from_value'),
        ),
      );
    }
    const last = index === list.length - 1;
    const toPath = [...at, 'to_value'];
    const rawTo = own(item, 'to_value');
    let to: Bound | null = null;
    if (last) {
      if (rawTo !== null && rawTo !== undefined) {
        return left(
          invalidProperty(
            toPath,
            `${describePath(toPath)} must be null: the last range is open-ended.`,
            rules.invalidCode,
            rawTo,
          ),
        );
      }
    } else {
      const bound = readBound(rawTo, toPath, rules.invalidCode);
      if (isLeft(bound)) return bound;
      if (compare(bound.right.decimal, from) <= 0) {
        return left(
          invalidProperty(
            toPath,
            `${describePath(toPath)} must be greater than from_value (${formatDecimal(from)}); only the last range is open (to_value null).`,
            rules.invalidCode,
            rawTo,
          ),
        );
      }
      to = bound.right;
    }
    const amounts = readRange(item, at);
    if (isLeft(amounts)) return amounts;
    ranges.push(
      extended(amounts.right, {
        from,
        to: to === null ? null : to.decimal,
        from_value: fromBound.right.json,
        to_value: to === null ? null : to.json,
        start: previous ?? ZERO,
      }),
    );
    if (to !== null) {
      starts = rules.nextStarts(to.decimal);
      previous = to.decimal;
    }
  }
  const [first, ...rest] = ranges;
  return first === undefined ? left(missing) : right([first, ...rest]);
}

/**
 * Graduated and graduated-percentage ranges: the next range starts at `to` or `to + 1`.
 *
 * @example
 * graduatedStarts(parse('10')) // [10, 11]
 */
export const graduatedStarts = (to: Decimal): readonly Decimal[] => [to, add(to, ONE)];
