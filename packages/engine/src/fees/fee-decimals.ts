/**
 * The decimals behind a wire fee's decimal texts, kept beside the fee (issue 20 §3: typed
 * figures between stages, text only at the wire edges).
 *
 * A wire `Fee` carries its money as text (`precise_amount`, `precise_coupons_amount_cents`,
 * `precise_credit_notes_amount_cents`). The stage that writes one of those texts keeps the
 * decimal it wrote beside the object (`keepDecimal`), and the stages after it (the invoice
 * floor: coupons, taxes, credit notes, totals) take that decimal (`feeDecimal`) instead of
 * reading the text back. A kept decimal counts only while the object's field still holds the
 * very text it was kept with, so a fee changed since, or made elsewhere (a caller's JSON, a
 * stored invoice), is read from its text, as before: the kept decimals change no result, only
 * whether a text is parsed.
 *
 * The decimals live in a non-enumerable symbol-keyed property of the object (a fee, or the
 * amount fields a fee is built from): the wire objects stay plain data (JSON, spreading,
 * `Object.keys`, deep equality, structured clone and the `Fee` codec see no extra field), and
 * a fee that is dropped takes its decimals with it at once. (A `WeakMap` keyed by the fees
 * held its records until a full collection cleared the dead keys: a backtest pricing 24,000
 * invoices in two workers peaked about 700 MB higher.) An object that cannot take a property
 * (frozen, sealed) keeps them in a `WeakMap` instead. A copy made by spreading
 * (`{ ...fee, ...fields }`) gets the decimals of what it spread, in the same order, with
 * {@link spreadDecimals}.
 * @internal
 */
import { type Either, right } from 'fp-ts/lib/Either.js';
import { type Decimal, type FeecastError, parseDecimal, ZERO } from '../core/index';

/** The decimal text fields of a fee whose decimals can be kept. */
export type DecimalField =
  | 'precise_amount'
  | 'precise_amount_cents'
  | 'precise_coupons_amount_cents'
  | 'precise_credit_notes_amount_cents'
  | 'units'
  | 'total_aggregated_units'
  | 'projected_units';

/** A decimal and the text it was written as. */
export interface KeptDecimal {
  readonly text: string;
  readonly value: Decimal;
}

/** The kept decimals of one object; every field present (`undefined`: none), one shape for all. */
interface KeptDecimals {
  readonly precise_amount: KeptDecimal | undefined;
  readonly precise_amount_cents: KeptDecimal | undefined;
  readonly precise_coupons_amount_cents: KeptDecimal | undefined;
  readonly precise_credit_notes_amount_cents: KeptDecimal | undefined;
  readonly units: KeptDecimal | undefined;
  readonly total_aggregated_units: KeptDecimal | undefined;
  readonly projected_units: KeptDecimal | undefined;
}

/** A record of every field, each `pick`ed. */
function record(pick: (field: DecimalField) => KeptDecimal | undefined): KeptDecimals {
  return {
    precise_amount: pick('precise_amount'),
    precise_amount_cents: pick('precise_amount_cents'),
    precise_coupons_amount_cents: pick('precise_coupons_amount_cents'),
    precise_credit_notes_amount_cents: pick('precise_credit_notes_amount_cents'),
    units: pick('units'),
    total_aggregated_units: pick('total_aggregated_units'),
    projected_units: pick('projected_units'),
  };
}

/** The property holding an object's record: never changed in place (copy on write). */
const KEPT: unique symbol = Symbol('feecast.keptDecimals');

/** The records of objects that cannot take a property. */
const keptAside = new WeakMap<object, KeptDecimals>();

/** The kept decimals of `owner`, if any. */
function keptOf(owner: object): KeptDecimals | undefined {
  const own = (owner as { readonly [KEPT]?: KeptDecimals })[KEPT];
  return own ?? keptAside.get(owner);
}

/** Makes `record` the kept decimals of `owner`. */
function keep(owner: object, record: KeptDecimals): void {
  if (Object.hasOwn(owner, KEPT)) {
    (owner as { [KEPT]?: KeptDecimals })[KEPT] = record;
  } else if (Object.isExtensible(owner)) {
    Object.defineProperty(owner, KEPT, { value: record, writable: true, configurable: true });
  } else {
    keptAside.set(owner, record);
  }
}

/**
 * Keeps `value` as the decimal of `owner`'s `field`, written as `text` (the text the field
 * holds: `value` written exactly, by `formatDecimal` or `decimalText`, so that the kept decimal
 * is what reading the text gives). Returns `owner`.
 *
 * @example
 * const fee = { precise_coupons_amount_cents: '0' };
 * keepDecimal(fee, 'precise_coupons_amount_cents', '0', ZERO);
 * feeDecimal(fee, 'precise_coupons_amount_cents', []) // right(ZERO), nothing parsed
 * @internal
 */
export function keepDecimal<T extends object>(
  owner: T,
  field: DecimalField,
  text: string,
  value: Decimal,
): T {
  const kept: KeptDecimal = { text, value };
  return keepOver(owner, (f) => (f === field ? kept : undefined));
}

/**
 * {@link keepDecimal} of several fields at once, in one record (`decimals`: each field's text
 * and decimal). Returns `owner`.
 *
 * @example
 * keepDecimals(fields, { precise_amount: { text: '0.5', value }, precise_amount_cents: { text: '50', value: cents } });
 * @internal
 */
export function keepDecimals<T extends object>(
  owner: T,
  decimals: { readonly [K in DecimalField]?: KeptDecimal },
): T {
  return keepOver(owner, (f) => decimals[f]);
}

/** Keeps for `owner` the decimals `own` gives, over those it kept before. Returns `owner`. */
function keepOver<T extends object>(
  owner: T,
  own: (field: DecimalField) => KeptDecimal | undefined,
): T {
  const was = keptOf(owner);
  keep(
    owner,
    record((f) => own(f) ?? was?.[f]),
  );
  return owner;
}

/**
 * Gives `target` the kept decimals of `first` then `second`, as `{ ...first, ...second }`
 * gives it their fields (`second`'s decimal wins): the decimals follow a spread copy. Returns
 * `target`.
 *
 * @example
 * const taxed = spreadDecimals({ ...fee, ...fields }, fee, fields);
 * @internal
 */
export function spreadDecimals<T extends object>(target: T, first: object, second?: object): T {
  const a = keptOf(first);
  const b = second === undefined ? undefined : keptOf(second);
  const merged = a === undefined || b === undefined ? (a ?? b) : record((f) => b[f] ?? a[f]);
  if (merged !== undefined) keep(target, merged);
  return target;
}

/**
 * The decimal of `owner`'s `field`: the one kept with the text the field holds, else the text
 * read (a `Left` at `path` when it is not a decimal). A field that is absent (`undefined` or
 * `null`) reads as `fallback` when one is given.
 *
 * @example
 * feeDecimal(fee, 'precise_amount', ['fees', '0', 'precise_amount']) // right(50.61725)
 * feeDecimal({ precise_amount: 'x' }, 'precise_amount', ['precise_amount']) // left({ code: 'invalid_input', ... })
 * @internal
 */
export function feeDecimal(
  owner: { readonly [K in DecimalField]?: unknown },
  field: DecimalField,
  path: readonly string[],
  fallback?: Decimal,
): Either<FeecastError, Decimal> {
  const decimal = keptDecimal(owner, field);
  if (decimal !== undefined) return right(decimal);
  const text = owner[field];
  if ((text === undefined || text === null) && fallback !== undefined) return right(fallback);
  return parseDecimal(text, path);
}

/**
 * The decimal kept with the text `owner`'s `field` holds, or `undefined` (none kept, or the
 * field changed since): for a reader with its own way of reading the text.
 *
 * @example
 * keptDecimal(fee, 'units') ?? readBack(fee.units)
 * @internal
 */
export function keptDecimal(
  owner: { readonly [K in DecimalField]?: unknown },
  field: DecimalField,
): Decimal | undefined {
  const decimal = keptOf(owner)?.[field];
  return decimal !== undefined && decimal.text === owner[field] ? decimal.value : undefined;
}

/**
 * Keeps the decimals of a fee just built (`buildFee`) in one record: its precise amount's,
 * from the amount fields it was built from, its coupon share's (none yet, `'0'`), its units'
 * and its total aggregated units'.
 * @internal
 */
export function keepBuiltFee(
  fee: object,
  amounts: object,
  units: { readonly text: string; readonly value: Decimal },
  total: { readonly text: string; readonly value: Decimal } | undefined,
): void {
  keep(fee, {
    precise_amount: keptOf(amounts)?.precise_amount,
    precise_amount_cents: keptOf(amounts)?.precise_amount_cents,
    precise_coupons_amount_cents: NO_COUPONS,
    precise_credit_notes_amount_cents: undefined,
    units,
    total_aggregated_units: total,
    projected_units: undefined,
  });
}

/** A new fee's coupon share: none, written `'0'`. */
const NO_COUPONS: KeptDecimal = { text: '0', value: ZERO };
