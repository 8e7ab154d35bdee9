import { isTimestamp, isUuid } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError } from '../core/index';
import { type ChargeFee, spreadDecimals } from '../fees/index';
import {
  applyTaxes,
  computeInvoiceTaxes,
  feeTaxes,
  feeUntaxed,
  resolveTaxSources,
  type TaxSources,
} from '../invoice/index';

/**
 * Each fee with its taxes applied, by fee object: a caller that taxes the same fees again (a
 * usage meter keeps the fees of the metrics that did not change) gives one to
 * {@link usageTaxes}, which then taxes only the fees it has not seen. A fee's taxes depend on
 * the fee and the tax sources only: keep one per set of sources.
 * @internal
 */
export type TaxedFees = WeakMap<ChargeFee, ChargeFee>;

/** `applyTaxes(fees, sources).fees`, the fees found in `kept` taxed as they were then. */
function taxedFees(
  fees: readonly ChargeFee[],
  sources: TaxSources,
  kept: TaxedFees | undefined,
): Either<FeecastError, readonly ChargeFee[]> {
  if (kept === undefined) {
    const taxed = applyTaxes(fees, sources);
    return isLeft(taxed) ? taxed : right(taxed.right.fees);
  }
  const resolved = resolveTaxSources(sources);
  if (isLeft(resolved)) return resolved;
  const out: ChargeFee[] = [];
  for (const [i, fee] of fees.entries()) {
    const known = kept.get(fee);
    if (known !== undefined) {
      out.push(known);
      continue;
    }
    // As applyResolvedTaxes does to the fee at `i` (its index only names it in an error).
    const taxed = feeTaxes(fee, i, resolved.right);
    if (isLeft(taxed)) return taxed;
    const { fields } = taxed.right;
    const made = fields === undefined ? fee : spreadDecimals({ ...fee, ...fields }, fee, fields);
    kept.set(fee, made);
    out.push(made);
  }
  return right(out);
}

/** Usage is not an invoice: this id only satisfies the invoice-tax computation's input. */
const USAGE_INVOICE_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The taxes of fees none of which is taxed: 0, after the checks taxing them makes (each fee's
 * tax set, net amount and tax fields, in order, the first problem answered), without copying
 * the fees or computing an invoice's taxes over none. `undefined` when a fee gets taxes, is
 * already taxed, or is in another currency than the first, or when the amount is not a whole
 * number of minor units: the whole computation then answers, errors included. The fees in
 * `checked` passed these checks before, under the same sources ({@link untaxedFees}).
 */
function untaxed(
  fees: readonly ChargeFee[],
  sources: TaxSources,
  amountCents: number,
  checked: ReadonlySet<ChargeFee> | undefined,
): Either<FeecastError, 0> | undefined {
  const resolved = resolveTaxSources(sources);
  if (isLeft(resolved)) return resolved;
  const currency = fees[0]?.amount_currency;
  for (const [i, fee] of fees.entries()) {
    if (checked?.has(fee) === true) {
      if (fee.amount_currency !== currency) return undefined;
      continue;
    }
    const untaxedFee = feeUntaxed(fee, i, resolved.right);
    if (isLeft(untaxedFee)) return untaxedFee;
    if (!untaxedFee.right) return undefined;
    if (fee.amount_currency !== currency) return undefined;
  }
  return Number.isSafeInteger(amountCents) ? right(0) : undefined;
}

/**
 * `fees` when each gets no taxes from `sources` and is not taxed already (the checks of each
 * fee that {@link usageTaxes} makes when no fee is taxed, passed), else `undefined`: a usage
 * whose fees are priced a part at a time checks each part then, and gives them to
 * `usageTaxes` (`checked`) with the same sources, which does not check them again.
 *
 * @example
 * untaxedFees(fees, {}) // a set of the fees: no tax applies
 * @internal
 */
export function untaxedFees(
  fees: readonly ChargeFee[],
  sources: TaxSources,
): ReadonlySet<ChargeFee> | undefined {
  const resolved = resolveTaxSources(sources);
  if (isLeft(resolved)) return undefined;
  for (const [i, fee] of fees.entries()) {
    const untaxedFee = feeUntaxed(fee, i, resolved.right);
    if (isLeft(untaxedFee) || !untaxedFee.right) return undefined;
  }
  return new Set(fees);
}

/**
 * The taxes of current usage (estimate-and-usage.md §3.6): each fee gets its taxes (the
 * charge's, else the plan's, else the customer's, else the billing entity's), then, as on an
 * invoice, `round(Σ over taxes Σ over fees amount_cents × rate / 100)`, rounded once. With
 * `checked` (fees {@link untaxedFees} found untaxed under the same sources), those fees'
 * checks are not made again.
 *
 * @example
 * usageTaxes(fees, { billing_entity: [vat20] }, 2532, '2025-06-01T00:00:00Z') // right(506)
 * @internal
 */
export function usageTaxes(
  fees: readonly ChargeFee[],
  sources: TaxSources,
  amountCents: number,
  createdAt: string,
  kept?: TaxedFees,
  checked?: ReadonlySet<ChargeFee>,
): Either<FeecastError, number> {
  const [first] = fees;
  if (first === undefined) return right(0);
  // Most usage has no taxes: none of the fees is copied to be taxed by nothing.
  const none = kept === undefined ? untaxed(fees, sources, amountCents, checked) : undefined;
  if (none !== undefined && isLeft(none)) return none;
  const taxed = none === undefined ? taxedFees(fees, sources, kept) : undefined;
  if (taxed !== undefined && isLeft(taxed)) return taxed;
  if (!isUuid(USAGE_INVOICE_ID) || !isTimestamp(createdAt)) {
    return left(
      feecastError('invalid_input', `${createdAt} is not a UTC timestamp.`, ['now'], {
        value: createdAt,
      }),
    );
  }
  if (taxed === undefined) return right(0);
  const invoice = computeInvoiceTaxes({
    svc_id: USAGE_INVOICE_ID,
    currency: first.amount_currency,
    created_at: createdAt,
    fees: taxed.right,
    sub_total_excluding_taxes_amount_cents: amountCents,
  });
  return isLeft(invoice) ? invoice : right(invoice.right.taxes_amount_cents);
}
