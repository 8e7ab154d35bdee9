import type { Uuid } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import type { FeecastError } from '../../core/index';
import { spreadDecimals } from '../../fees/index';
import { type NetFeeInput, readFeeNet } from '../coupons/fee-net';
import { checkUntaxedFields, type FeeTaxFields, feeTaxFields } from './fee-taxes';
import {
  type FeeTaxSet,
  feeTaxSet,
  type ResolvedTaxSources,
  resolveTaxSources,
  type TaxSourceFee,
  type TaxSourceKind,
  type TaxSources,
} from './tax-sources';

/** The fields of a fee (the wire `Fee`) that taxing it reads. */
export interface TaxableFeeInput extends NetFeeInput, TaxSourceFee {
  readonly svc_id: Uuid | null;
  /** A fee that already has applied taxes is left as it is. */
  readonly applied_taxes?: readonly unknown[];
}

/**
 * What taxing did to one fee.
 *
 * @inline
 */
export interface FeeTaxOutcome {
  /** The fee's position in the input. */
  readonly fee_index: number;
  /** The rule that gave the fee its taxes, or `already_taxed` for a fee left as it was. */
  readonly source: TaxSourceKind | 'already_taxed';
  /** The codes of the taxes applied (none for an `already_taxed` fee). */
  readonly tax_codes: readonly string[];
}

/** The result of {@link applyTaxes}. */
export interface TaxesApplied<F> {
  /** The fees, taxed: `applied_taxes`, `taxes_amount_cents`, `taxes_precise_amount`, `taxes_rate`, totals. */
  readonly fees: F[];
  /** One entry per fee, in input order. */
  readonly outcomes: FeeTaxOutcome[];
}

/**
 * Taxes each fee (reference invoicing.md §2.1 and §2.2): the taxes of the first source that
 * has any (the fee's own `tax_codes`, its add-on, charge, fixed charge or commitment, its
 * plan, the customer, the billing entity; see {@link TaxSources}) apply to the fee's amount
 * after its coupon share, so apply coupons first. Each fee gets its `applied_taxes`,
 * `taxes_amount_cents` (`round(Σ raw taxes)`), `taxes_precise_amount`, `taxes_rate`,
 * `total_amount_cents` and `precise_total_amount`. A fee that already has applied taxes is
 * left as it is (as in the reference, re-running does not recompute them); a wallet top-up
 * (`credit`) fee is never taxed.
 *
 * @example
 * // 20 % VAT on each of the nine fees of November's invoice (the subscription, API calls by
 * // region, storage, seats, payments, compute by cluster):
 * // 9.80 + 27.44 + 12.11 + 2.64 + 1.95 + 16.80 + 24.64 + 10.00 + 5.00 = 110.38 EUR.
 * const { invoice } = previewInvoiceUnsafe({
 *   customer, subscriptions: [{ subscription, plan }], billableMetrics, events, now: '2026-11-30T23:59:59Z',
 * });
 * const taxed = applyTaxes(invoice.fees, { billing_entity: [vat20], subscriptions: [{ subscription, plan }] });
 * taxed._tag === 'Right' && taxed.right.fees.reduce((total, fee) => total + fee.taxes_amount_cents, 0) // => 11038
 */
export function applyTaxes<F extends TaxableFeeInput>(
  fees: readonly F[],
  taxSources: TaxSources,
): Either<FeecastError, TaxesApplied<F>> {
  const resolved = resolveTaxSources(taxSources);
  return isLeft(resolved) ? resolved : applyResolvedTaxes(fees, resolved.right);
}

/**
 * {@link applyTaxes} with tax sources resolved beforehand (`resolveTaxSources`), for callers
 * that tax many fees of the same sources.
 *
 * @example
 * const sources = resolveTaxSources({ customer: [vat10, vat12] });
 * if (sources._tag === 'Right') applyResolvedTaxes([fee1000], sources.right)
 * // right({ fees: [{ ...fee1000, taxes_amount_cents: 220, ... }], ... })
 */
export function applyResolvedTaxes<F extends TaxableFeeInput>(
  fees: readonly F[],
  resolved: ResolvedTaxSources,
): Either<FeecastError, TaxesApplied<F>> {
  return taxedFees(fees, resolved, false);
}

/**
 * {@link applyResolvedTaxes}, with `owned`: the fees are the caller's own, just built and
 * held nowhere else (a preview's invoice), so each one's tax fields are set on it, its kept
 * decimals with them, instead of on a copy. The fees and figures are the same either way.
 * @internal
 *
 * @example
 * taxedFees(invoice.fees, sources, true) // right({ fees: invoice.fees, outcomes: [...] }), each fee taxed
 */
export function taxedFees<F extends TaxableFeeInput>(
  fees: readonly F[],
  resolved: ResolvedTaxSources,
  owned: boolean,
): Either<FeecastError, TaxesApplied<F>> {
  const out: F[] = [];
  const outcomes: FeeTaxOutcome[] = [];
  for (const [i, fee] of fees.entries()) {
    const taxed = feeTaxes(fee, i, resolved);
    if (isLeft(taxed)) return taxed;
    const { fields, outcome } = taxed.right;
    if (fields === undefined) out.push(fee);
    else if (!owned) out.push(spreadDecimals({ ...fee, ...fields }, fee, fields));
    else {
      // The fields in the order a spread adds them, then their decimals over the fee's.
      setFeeTaxes(fee as object as OwnedTaxableFee, fields);
      out.push(spreadDecimals(fee, fee, fields));
    }
    outcomes.push(outcome);
  }
  return right({ fees: out, outcomes });
}

/** The taxes of one fee: its tax fields (none for a fee left as it is) and the outcome. */
export interface FeeTaxes {
  /** The fields to set on the fee; `undefined` when the fee already has applied taxes. */
  readonly fields: FeeTaxFields | undefined;
  readonly outcome: FeeTaxOutcome;
}

/**
 * What {@link applyResolvedTaxes} does to the fee at `index`, as the fields to set on it: for
 * a caller that owns the fee object (one it has just built) and sets them in place instead
 * of copying the whole fee. @internal
 *
 * @example
 * feeTaxes(fee1000, 0, sources) // right({ fields: { taxes_amount_cents: 220, ... }, outcome: { fee_index: 0, ... } })
 */
export function feeTaxes(
  fee: TaxableFeeInput,
  index: number,
  resolved: ResolvedTaxSources,
): Either<FeecastError, FeeTaxes> {
  return feeTaxesOfSet(fee, index, () => feeTaxSet(fee, resolved, ['fees', String(index)]));
}

/**
 * {@link feeTaxes} with the fee's tax set given by `taxSet` (what `feeTaxSet` answers for the
 * fee, asked only when the fee is not already taxed): for a caller that taxes fee after fee of
 * the same item (a prepared estimator's fees of one charge) and keeps the set. @internal
 *
 * @example
 * feeTaxesOfSet(fee1000, 0, () => right({ source: 'customer', taxes: [vat10, vat12] })) // right({ fields: { taxes_amount_cents: 220, ... }, ... })
 */
export function feeTaxesOfSet(
  fee: TaxableFeeInput,
  index: number,
  taxSet: () => Either<FeecastError, FeeTaxSet>,
): Either<FeecastError, FeeTaxes> {
  if (fee.applied_taxes !== undefined && fee.applied_taxes.length > 0) {
    return right({
      fields: undefined,
      outcome: { fee_index: index, source: 'already_taxed', tax_codes: [] },
    });
  }
  const set = taxSet();
  if (isLeft(set)) return set;
  const path = ['fees', String(index)];
  const net = readFeeNet(fee, path);
  if (isLeft(net)) return net;
  const fields = feeTaxFields(fee, net.right, set.right.taxes, path);
  if (isLeft(fields)) return fields;
  return right({
    fields: fields.right,
    outcome: {
      fee_index: index,
      source: set.right.source,
      tax_codes: set.right.taxes.map((tax) => tax.code),
    },
  });
}

/**
 * Whether {@link feeTaxes} leaves the fee at `index` untaxed: `right(true)` when it gets no
 * taxes and has none, `right(false)` when it gets some or has them already, and feeTaxes's
 * error where it fails. A fee taxed by none is checked as feeTaxes checks it (its tax set, its
 * net amount, its tax fields over no taxes) without writing its fields. @internal
 *
 * @example
 * feeUntaxed(fee1000, 0, resolveTaxSources({}).right) // right(true)
 */
export function feeUntaxed(
  fee: TaxableFeeInput,
  index: number,
  resolved: ResolvedTaxSources,
): Either<FeecastError, boolean> {
  if (fee.applied_taxes !== undefined && fee.applied_taxes.length > 0) return right(false);
  const path = ['fees', String(index)];
  const set = feeTaxSet(fee, resolved, path);
  if (isLeft(set)) return set;
  if (set.right.taxes.length > 0) {
    const taxed = feeTaxesOfSet(fee, index, () => set);
    return isLeft(taxed) ? taxed : right(false);
  }
  const net = readFeeNet(fee, path);
  if (isLeft(net)) return net;
  const checked = checkUntaxedFields(net.right, path);
  return isLeft(checked) ? checked : right(true);
}

/** A fee whose tax fields can be set in place (one its caller has just built). */
export type OwnedTaxableFee = { -readonly [K in keyof FeeTaxFields]?: FeeTaxFields[K] };

/**
 * Sets a fee's tax fields in place, one store each: what `{ ...fee, ...fields }` gives, without
 * copying the fee's other fields, for a fee its caller has just built and owns (and hands to
 * no later stage: the coupon share's kept decimal is not carried). @internal
 *
 * @example
 * const taxed = feeTaxes(fee, 0, sources);
 * if (taxed._tag === 'Right' && taxed.right.fields) setFeeTaxes(fee, taxed.right.fields);
 */
export function setFeeTaxes(fee: OwnedTaxableFee, fields: FeeTaxFields): void {
  fee.precise_coupons_amount_cents = fields.precise_coupons_amount_cents;
  fee.sub_total_excluding_taxes_amount_cents = fields.sub_total_excluding_taxes_amount_cents;
  fee.sub_total_excluding_taxes_precise_amount_cents =
    fields.sub_total_excluding_taxes_precise_amount_cents;
  fee.taxes_amount_cents = fields.taxes_amount_cents;
  fee.taxes_precise_amount = fields.taxes_precise_amount;
  fee.taxes_rate = fields.taxes_rate;
  fee.applied_taxes = fields.applied_taxes;
  fee.total_amount_cents = fields.total_amount_cents;
  fee.precise_total_amount = fields.precise_total_amount;
  // The kept decimals (`fee-decimals.ts`) are not carried: this caller (the estimator) reads
  // none afterwards, and a kept decimal whose text was replaced here is never taken.
}
