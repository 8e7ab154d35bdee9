import {
  type AmountDetails,
  type Cents,
  type CurrencyCode,
  type DecimalString,
  type Fee,
  type FeeItem,
  type FeeItemClass,
  type FeeItemType,
  type Integer,
  isCurrencyCode,
  isUuid,
  type PricingUnitDetails,
  type Rate,
  type Timestamp,
  type Uuid,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  countToWire,
  type Decimal,
  type FeecastError,
  feecastError,
  parseDecimal,
  parseInstant,
  toWireDecimal,
  toWireTimestamp,
} from '../core/index';
import type { FeeAmountFields } from './fee-amounts';
import { keepBuiltFee } from './fee-decimals';
import type { PricingUnitDetailsFields } from './pricing-units';

/** What a fee is for (`fee.item`): a charge, the subscription, a fixed charge, an add-on... */
export interface FeeItemInput {
  readonly type: FeeItemType;
  readonly code: string;
  readonly name: string;
  /** The id of the record the fee is for (a billable metric, subscription, add-on...). */
  readonly svc_item_id: string;
  readonly item_type: FeeItemClass;
  /** Default: `name`. */
  readonly invoice_display_name?: string | null;
  readonly description?: string | null;
  readonly filter_invoice_display_name?: string | null;
  readonly filters?: Readonly<Record<string, readonly string[]>> | null;
  /** The pricing group's values (`{}` when the fee is not grouped). */
  readonly grouped_by?: Readonly<Record<string, string | null>>;
}

/** The identifiers of a fee and of what it belongs to; each is `null` when not given. */
export interface FeeIds {
  /** The fee's own id: `null` while it is not stored (estimates, usage, previews). */
  readonly svc_id?: string | null;
  readonly svc_charge_id?: string | null;
  readonly svc_charge_filter_id?: string | null;
  readonly svc_fixed_charge_id?: string | null;
  readonly svc_invoice_id?: string | null;
  readonly svc_true_up_fee_id?: string | null;
  readonly svc_true_up_parent_fee_id?: string | null;
  readonly svc_subscription_id?: string | null;
  readonly svc_customer_id?: string | null;
  readonly external_customer_id?: string | null;
  readonly external_subscription_id?: string | null;
}

/**
 * The input of {@link feeObject}: the figures of a fee and what it is for, as a caller writes
 * them (text, checked by `feeObject`).
 */
export interface FeeObjectInput {
  readonly item: FeeItemInput;
  /** The fee's ISO 4217 currency (the plan's). */
  readonly currency: string;
  /** The amount fields (`feeAmounts`, `pricingUnitAmounts(...).fee`, `minAmountTrueUp`). */
  readonly amounts: FeeAmountFields;
  /** The units shown on the fee (a decimal string). */
  readonly units: string;
  /** Default `null`. */
  readonly total_aggregated_units?: string | null;
  /** Default `null`. */
  readonly events_count?: number | null;
  /** The wire `amount_details` (a charge model's details, `{ plan_amount_cents }`...); default `{}`. */
  readonly amount_details?: object | null;
  /** The amounts in the charge's pricing unit; default `null`. */
  readonly pricing_unit_details?: PricingUnitDetailsFields | null;
  /** Start and end of the period the fee bills (ISO 8601; written back in UTC). */
  readonly from_date?: string | null;
  readonly to_date?: string | null;
  /** Default `false`. */
  readonly pay_in_advance?: boolean;
  /** Default `true`. */
  readonly invoiceable?: boolean;
  /** The event a pay-in-advance fee bills. */
  readonly event_transaction_id?: string | null;
  readonly description?: string | null;
  /** Default `false`. */
  readonly self_billed?: boolean;
  readonly ids?: FeeIds;
}

/** What the fees of one line share (item, ids, currency, dates, flags), as a caller writes them. */
export type FeeLineInput = Omit<
  FeeObjectInput,
  | 'amounts'
  | 'units'
  | 'total_aggregated_units'
  | 'events_count'
  | 'amount_details'
  | 'pricing_unit_details'
  | 'event_transaction_id'
>;

/** The ids of a fee as the wire writes them: each checked, `null` when not given. */
export type FeeWireIds = Pick<
  Fee,
  | 'svc_id'
  | 'svc_charge_id'
  | 'svc_charge_filter_id'
  | 'svc_fixed_charge_id'
  | 'svc_invoice_id'
  | 'svc_true_up_fee_id'
  | 'svc_true_up_parent_fee_id'
  | 'svc_subscription_id'
  | 'svc_customer_id'
  | 'external_customer_id'
  | 'external_subscription_id'
>;

/**
 * What the fees of one line share, checked ({@link feeLine}): the fee's item, currency, dates
 * (in UTC), flags and ids, each of its wire type. A fee of the line is then built from its
 * figures alone ({@link buildFee}), without checking anything again.
 */
export interface FeeLine {
  readonly item: FeeItem;
  readonly currency: CurrencyCode;
  readonly from_date: Timestamp | null;
  readonly to_date: Timestamp | null;
  readonly pay_in_advance: boolean;
  readonly invoiceable: boolean;
  readonly description: string | null;
  readonly self_billed: boolean;
  readonly ids: FeeWireIds;
}

/** The figures of one fee of a line, as the engine computed them. */
export interface FeeFigures {
  /** The amount fields (`feeAmounts`, `pricingUnitAmounts(...).fee`, `minAmountTrueUp`). */
  readonly amounts: FeeAmountFields;
  /** The units shown on the fee. */
  readonly units: Decimal;
  /** Default `null`. */
  readonly total_aggregated_units?: Decimal | null;
  /** Default `null`. */
  readonly events_count?: number | null;
  /** The wire `amount_details` (a charge model's details, `{ plan_amount_cents }`...); default `{}`. */
  readonly amount_details?: object | null | undefined;
  /** The amounts in the charge's pricing unit; default `null`. */
  readonly pricing_unit_details?: PricingUnitDetailsFields | null;
  /** The event a pay-in-advance fee bills. */
  readonly event_transaction_id?: string | null;
}

function invalid(message: string, path: readonly string[], value: unknown): FeecastError {
  return feecastError('invalid_input', message, path, { value });
}

/**
 * The last two instants {@link timestamp} wrote, with their wire form: the lines of an
 * invoice's charges all bill its period, so their dates are the same two texts, read and
 * written once instead of once per line.
 */
const written: { text: string; wire: Either<FeecastError, Timestamp | null> }[] = [];

function timestamp(
  value: string | null | undefined,
  key: string,
): Either<FeecastError, Timestamp | null> {
  if (value === undefined || value === null) return right(null);
  for (const entry of written) if (entry.text === value) return entry.wire;
  const instant = parseInstant(value, [key]);
  if (isLeft(instant)) return instant;
  const wire = right(toWireTimestamp(instant.right));
  if (written.length === 2) written.shift();
  written.push({ text: value, wire });
  return wire;
}

/** An id of a fee, at `key` of `parent`: a UUID, or `null` when not given. */
function uuidOf(
  value: string | null | undefined,
  key: string,
  parent: readonly string[] = [],
): Either<FeecastError, Uuid | null> {
  if (value === undefined || value === null) return right(null);
  if (isUuid(value)) return right(value);
  // The path is written only for the error.
  const at = [...parent, key];
  return left(invalid(`${at.join('.')} must be a UUID, got ${JSON.stringify(value)}.`, at, value));
}

/**
 * A text of a fee (a name, an external id) at `key` of `parent`: a string, or `null` when not
 * given. The path is written only for the error.
 */
function textOrNull(
  value: unknown,
  key: string,
  parent: readonly string[] = [],
): Either<FeecastError, string | null> {
  if (value === undefined || value === null) return right(null);
  return typeof value === 'string' ? right(value) : left(notText(value, key, parent, ' or null'));
}

/** A text of a fee at `key` of `parent`: a string. */
function text(
  value: unknown,
  key: string,
  parent: readonly string[],
): Either<FeecastError, string> {
  return typeof value === 'string' ? right(value) : left(notText(value, key, parent, ''));
}

/** The error of a fee's text at `key` of `parent` that is not one (`orNull`: what else it may be). */
function notText(
  value: unknown,
  key: string,
  parent: readonly string[],
  orNull: string,
): FeecastError {
  const path = [...parent, key];
  return invalid(`${path.join('.')} must be a string${orNull}.`, path, value);
}

const UUID_IDS = [
  'svc_id',
  'svc_charge_id',
  'svc_charge_filter_id',
  'svc_fixed_charge_id',
  'svc_invoice_id',
  'svc_true_up_fee_id',
  'svc_true_up_parent_fee_id',
  'svc_subscription_id',
  'svc_customer_id',
] as const;

/** The ids of a fee, checked: the `svc_*` ids are UUIDs, the external ids strings. */
function feeIds(ids: FeeIds): Either<FeecastError, FeeWireIds> {
  const checked: Partial<Record<(typeof UUID_IDS)[number], Uuid | null>> = {};
  for (const key of UUID_IDS) {
    const id = uuidOf(ids[key], key);
    if (isLeft(id)) return id;
    checked[key] = id.right;
  }
  const customer = textOrNull(ids.external_customer_id, 'external_customer_id');
  if (isLeft(customer)) return customer;
  const subscription = textOrNull(ids.external_subscription_id, 'external_subscription_id');
  if (isLeft(subscription)) return subscription;
  return right({
    svc_id: checked.svc_id ?? null,
    svc_charge_id: checked.svc_charge_id ?? null,
    svc_charge_filter_id: checked.svc_charge_filter_id ?? null,
    svc_fixed_charge_id: checked.svc_fixed_charge_id ?? null,
    svc_invoice_id: checked.svc_invoice_id ?? null,
    svc_true_up_fee_id: checked.svc_true_up_fee_id ?? null,
    svc_true_up_parent_fee_id: checked.svc_true_up_parent_fee_id ?? null,
    svc_subscription_id: checked.svc_subscription_id ?? null,
    svc_customer_id: checked.svc_customer_id ?? null,
    external_customer_id: customer.right,
    external_subscription_id: subscription.right,
  });
}

/** The path of a fee's item. */
const ITEM = ['item'] as const;

/** The item of a fee, checked: its id a UUID, its names strings, its filter and group values text. */
function feeItem(item: FeeItemInput): Either<FeecastError, FeeItem> {
  const id = uuidOf(item.svc_item_id, 'svc_item_id', ITEM);
  if (isLeft(id)) return id;
  if (id.right === null)
    return left(invalid('item.svc_item_id must be a UUID.', ['item', 'svc_item_id'], null));
  const code = text(item.code, 'code', ITEM);
  if (isLeft(code)) return code;
  const name = text(item.name, 'name', ITEM);
  if (isLeft(name)) return name;
  const display = textOrNull(item.invoice_display_name, 'invoice_display_name', ITEM);
  if (isLeft(display)) return display;
  const description = textOrNull(item.description, 'description', ITEM);
  if (isLeft(description)) return description;
  const filterName = textOrNull(
    item.filter_invoice_display_name,
    'filter_invoice_display_name',
    ITEM,
  );
  if (isLeft(filterName)) return filterName;
  for (const [key, values] of Object.entries(item.filters ?? {})) {
    if (!Array.isArray(values) || values.some((v) => typeof v !== 'string')) {
      return left(
        invalid("A filter's values must be a list of strings.", ['item', 'filters', key], values),
      );
    }
  }
  for (const [key, value] of Object.entries(item.grouped_by ?? {})) {
    if (value !== null && typeof value !== 'string') {
      return left(
        invalid(
          "A pricing group's value must be a string or null.",
          ['item', 'grouped_by', key],
          value,
        ),
      );
    }
  }
  return right({
    type: item.type,
    code: code.right,
    name: name.right,
    svc_item_id: id.right,
    item_type: item.item_type,
    invoice_display_name: display.right || name.right,
    description: description.right,
    filter_invoice_display_name: filterName.right,
    // Lists of strings, checked above: the wire's type of the same values (not read-only).
    filters: (item.filters ?? null) as FeeItem['filters'],
    grouped_by: item.grouped_by ?? {},
  });
}

/**
 * What the fees of one line share, checked once, with the wire's own rules (those of the `Fee`
 * codec of `@feecast/models`, checked field by field): the item's id and the `svc_*` ids are
 * UUIDs, the currency is an ISO 4217 code, the dates are read and written back in UTC, the
 * names and external ids are text, the flags booleans. A bad one is a `Left` naming it.
 *
 * @example
 * feeLine({ item, currency: 'EUR', from_date: '2025-03-01T00:00:00+01:00', ids: { svc_charge_id } })
 * // right({ currency: 'EUR', from_date: '2025-02-28T23:00:00Z', ids: { svc_charge_id, svc_id: null, ... }, ... })
 * feeLine({ item, currency: 'EUR', ids: { svc_charge_id: 'charge-1' } })
 * // left({ code: 'invalid_input', path: ['svc_charge_id'], ... })
 * @internal
 */
export function feeLine(input: FeeLineInput): Either<FeecastError, FeeLine> {
  const from = timestamp(input.from_date, 'from_date');
  if (isLeft(from)) return from;
  const to = timestamp(input.to_date, 'to_date');
  if (isLeft(to)) return to;
  const ids = feeIds(input.ids ?? {});
  if (isLeft(ids)) return ids;
  const item = feeItem(input.item);
  if (isLeft(item)) return item;
  if (!isCurrencyCode(input.currency)) {
    return left(
      invalid(
        `amount_currency must be an ISO 4217 code (three capital letters), got ${JSON.stringify(input.currency)}.`,
        ['amount_currency'],
        input.currency,
      ),
    );
  }
  const description = textOrNull(input.description, 'description');
  if (isLeft(description)) return description;
  for (const key of ['pay_in_advance', 'invoiceable', 'self_billed'] as const) {
    const flag: unknown = input[key];
    if (flag !== undefined && typeof flag !== 'boolean') {
      return left(invalid(`${key} must be true or false.`, [key], flag));
    }
  }
  return right({
    item: item.right,
    currency: input.currency,
    from_date: from.right,
    to_date: to.right,
    pay_in_advance: input.pay_in_advance ?? false,
    invoiceable: input.invoiceable ?? true,
    description: description.right,
    self_billed: input.self_billed ?? false,
    ids: ids.right,
  });
}

/** A fee before taxes and coupons: no tax, no coupon. */
const NO_CENTS = 0 as Cents;
const NO_AMOUNT = '0' as DecimalString;
const NO_RATE = 0 as Rate;

/**
 * The engine's amount fields as the wire types them. Every builder of them writes whole
 * minor units (`toCents`, `toWireCents`) and plain decimals (`formatDecimal`,
 * `toWireDecimal`): the types hold by construction, and the tests decode every fee the
 * operations return with the `Fee` codec.
 */
interface WireAmounts {
  readonly amount_cents: Cents;
  readonly precise_amount_cents: DecimalString;
  readonly precise_unit_amount: DecimalString;
  readonly precise_amount: DecimalString;
}

/**
 * A complete wire `Fee` of a checked line ({@link feeLine}) and the engine's figures, as the
 * reference creates a fee before taxes and coupons: taxes 0 (`taxes_amount_cents`,
 * `taxes_precise_amount`, `taxes_rate`, no `applied_taxes`), totals equal to the amount,
 * `precise_coupons_amount_cents` "0", `payment_status` "pending". Nothing is checked: the
 * line was, and the figures are the engine's own.
 *
 * @example
 * buildFee(line, { amounts, units: parse('5'), events_count: 5 })
 * // { amount_cents: 5062, units: '5', events_count: 5, total_amount_cents: 5062, ... }
 * @internal
 */
export function buildFee(line: FeeLine, figures: FeeFigures): Fee {
  const units = toWireDecimal(figures.units);
  const total = figures.total_aggregated_units;
  const amounts = figures.amounts as FeeAmountFields & WireAmounts;
  const { ids } = line;
  const count = figures.events_count;
  const fee: Fee = {
    svc_id: ids.svc_id,
    svc_charge_id: ids.svc_charge_id,
    svc_charge_filter_id: ids.svc_charge_filter_id,
    svc_fixed_charge_id: ids.svc_fixed_charge_id,
    svc_invoice_id: ids.svc_invoice_id,
    svc_true_up_fee_id: ids.svc_true_up_fee_id,
    svc_true_up_parent_fee_id: ids.svc_true_up_parent_fee_id,
    svc_subscription_id: ids.svc_subscription_id,
    svc_customer_id: ids.svc_customer_id,
    external_customer_id: ids.external_customer_id,
    external_subscription_id: ids.external_subscription_id,
    amount_cents: amounts.amount_cents,
    precise_amount: amounts.precise_amount,
    precise_total_amount: amounts.precise_amount,
    amount_currency: line.currency,
    taxes_amount_cents: NO_CENTS,
    taxes_precise_amount: NO_AMOUNT,
    taxes_rate: NO_RATE,
    units,
    precise_unit_amount: amounts.precise_unit_amount,
    total_aggregated_units:
      total === undefined || total === null
        ? null
        : total === figures.units
          ? units
          : toWireDecimal(total),
    total_amount_cents: amounts.amount_cents,
    total_amount_currency: line.currency,
    events_count: count === undefined || count === null ? null : countToWire<Integer>(count),
    pay_in_advance: line.pay_in_advance,
    invoiceable: line.invoiceable,
    payment_status: 'pending',
    created_at: null,
    succeeded_at: null,
    failed_at: null,
    refunded_at: null,
    description: line.description,
    precise_coupons_amount_cents: NO_AMOUNT,
    self_billed: line.self_billed,
    amount_details: (figures.amount_details === undefined
      ? {}
      : figures.amount_details) as AmountDetails | null,
    item: line.item,
    pricing_unit_details: (figures.pricing_unit_details ?? null) as PricingUnitDetails | null,
    from_date: line.from_date,
    to_date: line.to_date,
    applied_taxes: [],
    sub_total_excluding_taxes_amount_cents: amounts.amount_cents,
    sub_total_excluding_taxes_precise_amount_cents: amounts.precise_amount_cents,
  };
  const event = figures.event_transaction_id;
  if (event !== undefined && event !== null) fee.event_transaction_id = event;
  // The decimals beside the texts (`fee-decimals.ts`): the precise amount's, kept with the
  // amount fields, the coupon share's, the units': for the stages after to take, not read.
  keepBuiltFee(
    fee,
    amounts,
    { text: units, value: figures.units },
    fee.total_aggregated_units === null || total === undefined || total === null
      ? undefined
      : { text: fee.total_aggregated_units, value: total },
  );
  return fee;
}

/**
 * A complete wire `Fee` of a line as a caller writes it and the engine's figures: the line
 * checked ({@link feeLine}), then built ({@link buildFee}). For the fees the engine builds one
 * at a time (the subscription fee, fixed charges, add-ons, true-ups), whose units are its own
 * decimals, not text to read.
 *
 * @example
 * lineFee({ item, currency: 'EUR' }, { amounts, units: ONE })
 * // right({ units: '1', amount_cents: 10000, ... })
 * @internal
 */
export function lineFee(input: FeeLineInput, figures: FeeFigures): Either<FeecastError, Fee> {
  const line = feeLine(input);
  if (isLeft(line)) return line;
  const count = checkedCount(figures.events_count);
  if (isLeft(count)) return count;
  return right(buildFee(line.right, figures));
}

/** A decimal text of a fee's figures, read (the `Left` names `key`). */
function decimalOf(value: unknown, key: string): Either<FeecastError, Decimal> {
  return parseDecimal(value, [key]);
}

/**
 * A complete wire `Fee` (spec.md, "fee") from figures written as text and what the fee is
 * for: the line checked ({@link feeLine}), the units read, then built ({@link buildFee}) as
 * the reference creates a fee before taxes and coupons, with `null` for every id and
 * timestamp not given (a fee that is not stored). A value the wire refuses is a `Left` naming
 * the field. For a caller's figures written as text; the engine's own fees are built from its
 * decimals: the subscription fee, fixed-charge and add-on fees and true-ups with
 * {@link lineFee}, charge fees from their line checked once per call with {@link buildFee}.
 *
 * @example
 * feeObject({
 *   item: { type: 'charge', code: 'api_calls', name: 'API calls', item_type: 'BillableMetric',
 *           svc_item_id: '0f6f5b4e-8a4c-4a43-9a57-7d3c0c6f4a11' },
 *   currency: 'EUR',
 *   amounts: { amount_cents: 5062, precise_amount_cents: '5061.725', unit_amount_cents: 1012,
 *              precise_unit_amount: '10.12345', precise_amount: '50.61725' },
 *   units: '5', events_count: 5,
 * }) // right({ amount_cents: 5062, precise_amount: '50.61725', total_amount_cents: 5062, ... })
 */
export function feeObject(input: FeeObjectInput): Either<FeecastError, Fee> {
  const line = feeLine(input);
  if (isLeft(line)) return line;
  const units = decimalOf(input.units, 'units');
  if (isLeft(units)) return units;
  const given = input.total_aggregated_units;
  let total: Decimal | null = null;
  if (given !== undefined && given !== null) {
    if (given === input.units) total = units.right;
    else {
      const read = decimalOf(given, 'total_aggregated_units');
      if (isLeft(read)) return read;
      total = read.right;
    }
  }
  const count = checkedCount(input.events_count);
  if (isLeft(count)) return count;
  return right(
    buildFee(line.right, {
      amounts: input.amounts,
      units: units.right,
      total_aggregated_units: total,
      events_count: count.right,
      amount_details: input.amount_details,
      pricing_unit_details: input.pricing_unit_details ?? null,
      event_transaction_id: input.event_transaction_id ?? null,
    }),
  );
}

/** A fee's `events_count`: a whole number, or `null` when not given. */
function checkedCount(count: number | null | undefined): Either<FeecastError, number | null> {
  if (count === undefined || count === null) return right(null);
  return Number.isSafeInteger(count)
    ? right(count)
    : left(invalid('events_count must be a whole number or null.', ['events_count'], count));
}
