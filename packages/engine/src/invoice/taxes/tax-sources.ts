import type { Tax } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, feecastError, type OtherWireKeys } from '../../core/index';
import {
  type InvoiceSubscription,
  indexSubscriptions,
  planOfFee,
} from '../coupons/invoice-subscriptions';

/**
 * A tax as an input (a decoded wire `Tax` is one): its `code` and `rate` (in percent) decide
 * the figures; the other fields are optional, in plain strings and numbers, and default as
 * docs/inputs.md says (`svc_id` derived from the code, `name` the code, `description` null).
 */
export interface TaxInput extends OtherWireKeys<Tax, 'code' | 'rate'> {
  readonly code: string;
  readonly rate: number;
}

/**
 * A list of taxes as the wire carries them on plans, charges, customers...: absent, null or an array.
 *
 * @inline
 */
export type TaxList = readonly TaxInput[] | null | undefined;

/**
 * The plan fields (the wire `Plan`) that carry taxes: its own, its charges', fixed charges' and commitment's.
 *
 * @inline
 */
export interface TaxPlan {
  readonly code: string;
  readonly taxes?: TaxList;
  readonly charges?: readonly { readonly svc_id: string; readonly taxes?: TaxList }[] | null;
  readonly fixed_charges?: readonly { readonly svc_id: string; readonly taxes?: TaxList }[] | null;
  readonly minimum_commitment?: { readonly taxes?: TaxList } | null;
}

/**
 * The add-on fields (the wire `AddOn`) that carry taxes.
 *
 * @inline
 */
export interface TaxAddOn {
  readonly svc_id: string;
  readonly taxes?: TaxList;
}

/**
 * Where fees get their taxes from (reference invoicing.md §2.1). The operations' `taxes`
 * input (`{ billing_entity?, customer? }`) is one; plans, charges, fixed charges, minimum
 * commitments and add-ons carry their own `taxes`, so they come with the invoice's
 * subscriptions and add-ons.
 */
export interface TaxSources {
  /** Rule 8: the default taxes of the customer's billing entity. */
  readonly billing_entity?: TaxList;
  /** Rule 7: the customer's taxes. */
  readonly customer?: TaxList;
  /**
   * Rules 3 to 6: the invoice's subscriptions with their plans (an override plan when the
   * subscription has one). Required for subscription, charge, fixed-charge and commitment fees.
   */
  readonly subscriptions?: readonly InvoiceSubscription<TaxPlan>[] | null;
  /** Rule 2: the add-ons of the invoice's add-on fees (matched on the fee's `item.svc_item_id`). */
  readonly add_ons?: readonly TaxAddOn[] | null;
  /**
   * Rule 1: every tax of the organization, where the codes a fee brings (`tax_codes`, as on
   * a one-off invoice) are looked up; taxes found in the other sources are looked up too.
   */
  readonly organization?: TaxList;
}

/** The fee fields that decide which taxes apply to it. */
export interface TaxSourceFee {
  readonly svc_charge_id: string | null;
  readonly svc_fixed_charge_id: string | null;
  readonly svc_subscription_id: string | null;
  /** `type`: `subscription`, `charge`, `fixed_charge`, `commitment`, `add_on`, `credit`...; `svc_item_id`: the add-on of an add-on fee. */
  readonly item: { readonly type: string; readonly svc_item_id: string };
  /** Tax codes given with the fee (a one-off invoice's fees): they win over every other source. */
  readonly tax_codes?: readonly string[] | null;
}

/**
 * The rule of §2.1 that gave a fee its taxes.
 *
 * @inline
 */
export type TaxSourceKind =
  | 'tax_codes'
  | 'add_on'
  | 'charge'
  | 'fixed_charge'
  | 'commitment'
  | 'plan'
  | 'customer'
  | 'billing_entity'
  /** No source has a tax for the fee, or the fee is never taxed (a wallet top-up `credit` fee). */
  | 'none';

/** The taxes that apply to a fee and the rule that chose them. */
export interface FeeTaxSet {
  readonly source: TaxSourceKind;
  readonly taxes: readonly TaxInput[];
}

/** Tax sources checked once, ready to answer fee after fee. */
export interface ResolvedTaxSources {
  readonly sources: TaxSources;
  readonly plans: ReadonlyMap<string, TaxPlan> | undefined;
  readonly addOns: ReadonlyMap<string, TaxAddOn>;
  readonly byCode: ReadonlyMap<string, TaxInput>;
}

/**
 * Checks tax sources once: no subscription or add-on listed twice, no tax code twice within
 * one list; indexes every tax by code for the fees' explicit `tax_codes`.
 *
 * @example
 * resolveTaxSources({ customer: [vat20] }) // right({ ... })
 */
export function resolveTaxSources(sources: TaxSources): Either<FeecastError, ResolvedTaxSources> {
  const plans =
    sources.subscriptions === undefined || sources.subscriptions === null
      ? right(undefined)
      : indexSubscriptions(sources.subscriptions, ['tax_sources', 'subscriptions']);
  if (isLeft(plans)) return plans;
  const addOns = new Map<string, TaxAddOn>();
  for (const [i, addOn] of (sources.add_ons ?? []).entries()) {
    if (addOns.has(addOn.svc_id)) {
      return left(
        feecastError('invalid_input', `Add-on ${addOn.svc_id} is listed twice.`, [
          'tax_sources',
          'add_ons',
          String(i),
          'svc_id',
        ]),
      );
    }
    addOns.set(addOn.svc_id, addOn);
  }
  const lists: [readonly string[], TaxList][] = [
    [['tax_sources', 'organization'], sources.organization],
    [['tax_sources', 'billing_entity'], sources.billing_entity],
    [['tax_sources', 'customer'], sources.customer],
  ];
  // Only the lists that hold taxes are checked (most plans' charges have none): no path
  // written for the others.
  const some = (list: TaxList): list is readonly TaxInput[] =>
    list !== undefined && list !== null && list.length > 0;
  for (const [i, entry] of (sources.subscriptions ?? []).entries()) {
    const at = ['tax_sources', 'subscriptions', String(i), 'plan'];
    const plan = entry.plan;
    if (some(plan.taxes)) lists.push([[...at, 'taxes'], plan.taxes]);
    for (const [j, charge] of (plan.charges ?? []).entries()) {
      if (some(charge.taxes)) lists.push([[...at, 'charges', String(j), 'taxes'], charge.taxes]);
    }
    for (const [j, fixed] of (plan.fixed_charges ?? []).entries()) {
      if (some(fixed.taxes))
        lists.push([[...at, 'fixed_charges', String(j), 'taxes'], fixed.taxes]);
    }
    const commitment = plan.minimum_commitment?.taxes;
    if (some(commitment)) lists.push([[...at, 'minimum_commitment', 'taxes'], commitment]);
  }
  for (const [i, addOn] of (sources.add_ons ?? []).entries()) {
    lists.push([['tax_sources', 'add_ons', String(i), 'taxes'], addOn.taxes]);
  }
  const byCode = new Map<string, TaxInput>();
  for (const [path, list] of lists) {
    const seen = new Set<string>();
    for (const [j, tax] of (list ?? []).entries()) {
      if (seen.has(tax.code)) {
        return left(
          feecastError(
            'invalid_input',
            `Tax ${JSON.stringify(tax.code)} is listed twice; list each tax once.`,
            [...path, String(j), 'code'],
          ),
        );
      }
      seen.add(tax.code);
      if (!byCode.has(tax.code)) byCode.set(tax.code, tax);
    }
  }
  return right({ sources, plans: plans.right, addOns, byCode });
}

/** The fee types whose plan's taxes apply when their own source has none (rule 6). */
const PLAN_FEE_TYPES: readonly string[] = ['subscription', 'charge', 'fixed_charge', 'commitment'];

/**
 * Which taxes apply to a fee (reference invoicing.md §2.1): the first non-empty source wins,
 * with no merging: the fee's own `tax_codes`, then its add-on (add-on fees), its charge
 * (charge fees), its fixed charge (fixed-charge fees) or its plan's minimum commitment
 * (commitment fees), then its plan (subscription, charge, fixed-charge and commitment fees;
 * never add-on fees), then the customer, then the billing entity. Wallet top-up (`credit`)
 * fees are never taxed. A fee that refers to a subscription, charge, fixed charge or add-on
 * the sources do not contain is a `Left` (`unknown_fee_item`); an unknown tax code is a
 * `Left` (`unknown_tax_code`).
 *
 * @example
 * feeTaxSet(chargeFee, resolved, ['fees', '0'])
 * // right({ source: 'plan', taxes: [vat20] }) when the charge has no taxes and its plan has
 */
export function feeTaxSet(
  fee: TaxSourceFee,
  resolved: ResolvedTaxSources,
  path: readonly string[],
): Either<FeecastError, FeeTaxSet> {
  const type = fee.item.type;
  if (type === 'credit') return right({ source: 'none', taxes: [] });
  const codes = fee.tax_codes ?? [];
  if (codes.length > 0) return byCodes(codes, resolved, path);
  if (type === 'add_on') {
    const addOn = resolved.addOns.get(fee.item.svc_item_id);
    if (addOn === undefined) {
      return unknownItem('add-on', fee.item.svc_item_id, [...path, 'item', 'svc_item_id']);
    }
    if (nonEmpty(addOn.taxes)) return right({ source: 'add_on', taxes: addOn.taxes });
  } else if (PLAN_FEE_TYPES.includes(type)) {
    const fromPlan = planTaxSet(fee, resolved, path);
    if (isLeft(fromPlan)) return fromPlan;
    if (fromPlan.right !== undefined) return right(fromPlan.right);
  }
  const { customer, billing_entity } = resolved.sources;
  if (nonEmpty(customer)) return right({ source: 'customer', taxes: customer });
  if (nonEmpty(billing_entity)) return right({ source: 'billing_entity', taxes: billing_entity });
  return right({ source: 'none', taxes: [] });
}

function planTaxSet(
  fee: TaxSourceFee,
  resolved: ResolvedTaxSources,
  path: readonly string[],
): Either<FeecastError, FeeTaxSet | undefined> {
  const plans = resolved.plans ?? new Map<string, TaxPlan>();
  const plan = planOfFee(plans, fee, path);
  if (isLeft(plan)) return plan;
  const own = ownTaxes(fee, plan.right, path);
  if (isLeft(own)) return own;
  if (own.right !== undefined) return own;
  return right(
    nonEmpty(plan.right.taxes) ? { source: 'plan', taxes: plan.right.taxes } : undefined,
  );
}

/** Rules 3 to 5: the taxes of the charge, fixed charge or commitment the fee bills. */
function ownTaxes(
  fee: TaxSourceFee,
  plan: TaxPlan,
  path: readonly string[],
): Either<FeecastError, FeeTaxSet | undefined> {
  switch (fee.item.type) {
    case 'charge': {
      const charge = (plan.charges ?? []).find((c) => c.svc_id === fee.svc_charge_id);
      if (charge === undefined) {
        return unknownItem('charge', fee.svc_charge_id, [...path, 'svc_charge_id'], plan.code);
      }
      return right(nonEmpty(charge.taxes) ? { source: 'charge', taxes: charge.taxes } : undefined);
    }
    case 'fixed_charge': {
      const fixed = (plan.fixed_charges ?? []).find((c) => c.svc_id === fee.svc_fixed_charge_id);
      if (fixed === undefined) {
        return unknownItem(
          'fixed charge',
          fee.svc_fixed_charge_id,
          [...path, 'svc_fixed_charge_id'],
          plan.code,
        );
      }
      return right(
        nonEmpty(fixed.taxes) ? { source: 'fixed_charge', taxes: fixed.taxes } : undefined,
      );
    }
    case 'commitment': {
      const taxes = plan.minimum_commitment?.taxes;
      return right(nonEmpty(taxes) ? { source: 'commitment', taxes } : undefined);
    }
    default:
      return right(undefined);
  }
}

function byCodes(
  codes: readonly string[],
  resolved: ResolvedTaxSources,
  path: readonly string[],
): Either<FeecastError, FeeTaxSet> {
  const taxes: TaxInput[] = [];
  for (const [j, code] of codes.entries()) {
    const tax = resolved.byCode.get(code);
    if (tax === undefined) {
      return left(
        feecastError(
          'unknown_tax_code',
          `Tax code ${JSON.stringify(code)} is not among the organization's taxes; pass it in tax_sources.organization.`,
          [...path, 'tax_codes', String(j)],
          { value: code },
        ),
      );
    }
    if (!taxes.includes(tax)) taxes.push(tax);
  }
  return right({ source: 'tax_codes', taxes });
}

function nonEmpty(list: TaxList): list is readonly TaxInput[] {
  return list !== undefined && list !== null && list.length > 0;
}

function unknownItem(
  what: string,
  id: string | null,
  path: readonly string[],
  planCode?: string,
): Either<FeecastError, never> {
  const where = planCode === undefined ? 'the tax sources' : `plan ${planCode}`;
  return left(
    feecastError(
      'unknown_fee_item',
      id === null
        ? `The fee names no ${what}, so its taxes cannot be found; set the fee's ${what} id.`
        : `The fee's ${what} ${id} is not in ${where}; pass it with its taxes.`,
      path,
      { value: id },
    ),
  );
}
