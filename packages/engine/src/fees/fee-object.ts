import { decode, Fee, FeeFigures, type FeeItemClass, type FeeItemType } from '@feecast/models';
import { type Either, isLeft, isRight, left, right } from 'fp-ts/lib/Either.js';
import {
  decodePath,
  type FeecastError,
  feecastError,
  formatDecimal,
  formatInstant,
  parseDecimal,
  parseInstant,
} from '../core/index';
import type { FeeAmountFields } from './fee-amounts';
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

/** The input of {@link feeObject}: the figures of a fee and what it is for. */
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

/** The props of {@link FeeObjectInput} that change from one fee of a line to the next. */
export type FeeFiguresInput = Pick<
  FeeObjectInput,
  | 'amounts'
  | 'units'
  | 'total_aggregated_units'
  | 'events_count'
  | 'amount_details'
  | 'pricing_unit_details'
  | 'event_transaction_id'
>;

/** What the fees of one line share (item, ids, currency, dates, flags): the rest of the input. */
export type FeeShellInput = Omit<FeeObjectInput, keyof FeeFiguresInput>;

/** Builds the fees of one line from their figures, the rest checked once ({@link feeShell}). */
export interface FeeShell {
  /** The wire fee of these figures: `feeObject` of the shell's input with these figures. */
  fee(figures: FeeFiguresInput): Either<FeecastError, Fee>;
}

function timestamp(
  value: string | null | undefined,
  key: string,
): Either<FeecastError, string | null> {
  if (value === undefined || value === null) return right(null);
  const instant = parseInstant(value, [key]);
  return isLeft(instant) ? instant : right(formatInstant(instant.right));
}

function decimalText(value: string, key: string): Either<FeecastError, string> {
  const parsed = parseDecimal(value, [key]);
  return isLeft(parsed) ? parsed : right(formatDecimal(parsed.right));
}

/** Figures every fee accepts: they make a shell's probe, whose problems are the shell's own. */
const PROBE: FeeFiguresInput = {
  amounts: {
    amount_cents: 0,
    precise_amount_cents: '0',
    unit_amount_cents: 0,
    precise_unit_amount: '0',
    precise_amount: '0',
  },
  units: '0',
};

/** The fee that does not fit the `Fee` codec, as a `Left` naming its first problem. */
function unfit(wire: unknown): Either<FeecastError, Fee> {
  const decoded = decode(Fee, wire);
  if (isRight(decoded)) return right(decoded.right);
  const [first] = decoded.left.problems;
  return left(
    feecastError(
      'invalid_input',
      `The fee cannot be built: ${decoded.left.message}`,
      decodePath(first?.path ?? '$'),
      { problems: decoded.left.problems },
    ),
  );
}

class CheckedShell implements FeeShell {
  constructor(
    private readonly input: FeeShellInput,
    private readonly from: string | null,
    private readonly to: string | null,
    /** `true` once the shell's own props are known to fit (then only figures are checked). */
    private readonly checked: boolean,
  ) {}

  fee(figures: FeeFiguresInput): Either<FeecastError, Fee> {
    const units = decimalText(figures.units, 'units');
    if (isLeft(units)) return units;
    const given = figures.total_aggregated_units;
    const aggregated =
      given === undefined || given === null
        ? right(null)
        : given === figures.units
          ? units
          : decimalText(given, 'total_aggregated_units');
    if (isLeft(aggregated)) return aggregated;
    const { input } = this;
    const { amounts } = figures;
    const { item, ids = {} } = input;
    const wire = {
      svc_id: ids.svc_id ?? null,
      svc_charge_id: ids.svc_charge_id ?? null,
      svc_charge_filter_id: ids.svc_charge_filter_id ?? null,
      svc_fixed_charge_id: ids.svc_fixed_charge_id ?? null,
      svc_invoice_id: ids.svc_invoice_id ?? null,
      svc_true_up_fee_id: ids.svc_true_up_fee_id ?? null,
      svc_true_up_parent_fee_id: ids.svc_true_up_parent_fee_id ?? null,
      svc_subscription_id: ids.svc_subscription_id ?? null,
      svc_customer_id: ids.svc_customer_id ?? null,
      external_customer_id: ids.external_customer_id ?? null,
      external_subscription_id: ids.external_subscription_id ?? null,
      amount_cents: amounts.amount_cents,
      precise_amount: amounts.precise_amount,
      precise_total_amount: amounts.precise_amount,
      amount_currency: input.currency,
      taxes_amount_cents: 0,
      taxes_precise_amount: '0',
      taxes_rate: 0,
      units: units.right,
      precise_unit_amount: amounts.precise_unit_amount,
      total_aggregated_units: aggregated.right,
      total_amount_cents: amounts.amount_cents,
      total_amount_currency: input.currency,
      events_count: figures.events_count ?? null,
      pay_in_advance: input.pay_in_advance ?? false,
      invoiceable: input.invoiceable ?? true,
      payment_status: 'pending',
      created_at: null,
      succeeded_at: null,
      failed_at: null,
      refunded_at: null,
      description: input.description ?? null,
      precise_coupons_amount_cents: '0',
      self_billed: input.self_billed ?? false,
      amount_details: figures.amount_details === undefined ? {} : figures.amount_details,
      item: {
        type: item.type,
        code: item.code,
        name: item.name,
        svc_item_id: item.svc_item_id,
        item_type: item.item_type,
        invoice_display_name: item.invoice_display_name || item.name,
        description: item.description ?? null,
        filter_invoice_display_name: item.filter_invoice_display_name ?? null,
        filters: item.filters ?? null,
        grouped_by: item.grouped_by ?? {},
      },
      pricing_unit_details: figures.pricing_unit_details ?? null,
      from_date: this.from,
      to_date: this.to,
      applied_taxes: [],
      sub_total_excluding_taxes_amount_cents: amounts.amount_cents,
      sub_total_excluding_taxes_precise_amount_cents: amounts.precise_amount_cents,
      ...(figures.event_transaction_id === undefined || figures.event_transaction_id === null
        ? {}
        : { event_transaction_id: figures.event_transaction_id }),
    };
    // The type guards check the same codecs without building a decoded copy; only a fee that
    // does not fit is decoded, for the problems to report.
    return this.fits(wire) ? right(wire) : unfit(wire);
  }

  /** The same shell, its own props now known to fit: its fees check only their figures. */
  asChecked(): CheckedShell {
    return new CheckedShell(this.input, this.from, this.to, true);
  }

  /**
   * The `Fee` guard of a fee of this shell: once the shell's own props fit, a fee fits exactly
   * when its figures do (the codec checks each prop on its own), so only they are checked.
   */
  private fits(wire: unknown): wire is Fee {
    return this.checked ? FeeFigures.is(wire) : Fee.is(wire);
  }
}

/** A shell whose dates are read and written back in UTC, its other props not checked yet. */
function datedShell(input: FeeShellInput): Either<FeecastError, CheckedShell> {
  const from = timestamp(input.from_date, 'from_date');
  if (isLeft(from)) return from;
  const to = timestamp(input.to_date, 'to_date');
  if (isLeft(to)) return to;
  return right(new CheckedShell(input, from.right, to.right, false));
}

/**
 * What the fees of one line share (item, ids, currency, period, flags), checked once: its
 * dates are read and written back in UTC and its props checked with the `Fee` codec, so each
 * fee then costs only its figures ({@link FeeFigures}). `shell.fee(figures)` is exactly
 * `feeObject({ ...shellInput, ...figures })`: the same wire fee, the same errors (a problem of
 * the shell's own props is its `Left`, before any figures).
 *
 * @example
 * const shell = feeShell({ item, currency: 'EUR', from_date, to_date, pay_in_advance: true, ids });
 * if (shell._tag === 'Right') shell.right.fee({ amounts, units: '5', events_count: 1 })
 * // right({ amount_cents: 5062, units: '5', pay_in_advance: true, ... })
 */
export function feeShell(input: FeeShellInput): Either<FeecastError, FeeShell> {
  const shell = datedShell(input);
  if (isLeft(shell)) return shell;
  const probe = shell.right.fee(PROBE);
  return isLeft(probe) ? probe : right(shell.right.asChecked());
}

/**
 * A complete wire `Fee` (spec.md, "fee") from its figures, as the reference creates a fee
 * before taxes and coupons: taxes 0 (`taxes_amount_cents`, `taxes_precise_amount`,
 * `taxes_rate`, no `applied_taxes`), totals equal to the amount, `precise_coupons_amount_cents`
 * "0", `payment_status` "pending", and `null` for every id and timestamp not given (a fee that
 * is not stored). Charge fees, the subscription fee, fixed-charge and add-on fees and
 * true-ups all build their wire object here. The result is checked with the `Fee` codec of
 * `@feecast/models`; a value that does not fit is a `Left` naming the field. Many fees of one
 * line: {@link feeShell}.
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
  const shell = datedShell(input);
  return isLeft(shell) ? shell : shell.right.fee(input);
}
