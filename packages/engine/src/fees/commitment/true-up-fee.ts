import type { Fee, FeeItem, Subscription } from '@feecast/models';
import { type Either, isLeft } from 'fp-ts/lib/Either.js';
import {
  centsToUnits,
  type Decimal,
  type FeecastError,
  type Money,
  ONE,
  toWireCents,
  toWireDecimal,
} from '../../core/index';
import { keepDecimal } from '../fee-decimals';
import { lineFee } from '../fee-object';

/** The subscription a commitment true-up fee belongs to (its wire fields). */
export type TrueUpSubscription = Pick<
  Subscription,
  'svc_id' | 'external_id' | 'svc_customer_id' | 'external_customer_id'
>;

/** What a true-up fee is built from. @internal */
export interface TrueUpFeeParts {
  /** The fee a charge true-up completes (its parent): ids and subscription fields are shared. */
  readonly parent: Fee | null;
  /** The subscription, for a commitment true-up (which has no parent fee). */
  readonly subscription: TrueUpSubscription | null;
  readonly item: FeeItem;
  readonly money: Money;
  /** Whole minor units. */
  readonly amount_cents: Decimal;
  /** Exact minor units. */
  readonly precise_amount_cents: Decimal;
  readonly from_date: Exclude<Fee['from_date'], undefined>;
  readonly to_date: Exclude<Fee['to_date'], undefined>;
}

/**
 * A true-up fee as the reference creates it (invoicing.md §7): one unit, no events, no
 * filter, taxes 0 at creation (the invoice totals tax it later, open question 15), not stored
 * yet (`svc_id` null). Built by the one fee builder (`lineFee`, `buildFee`).
 *
 * @example
 * trueUpFee({ parent: chargeFee, subscription: null, item, money, amount_cents: d('300'),
 *   precise_amount_cents: d('300'), from_date: null, to_date: null }) // right(fee of 3.00, 1 unit)
 * @internal
 */
export function trueUpFee(parts: TrueUpFeeParts): Either<FeecastError, Fee> {
  const cents = toWireCents(parts.amount_cents, ['amount_cents']);
  if (isLeft(cents)) return cents;
  const preciseAmount = centsToUnits(parts.precise_amount_cents, parts.money);
  const precise = toWireDecimal(preciseAmount);
  const amounts = keepDecimal(
    {
      amount_cents: cents.right,
      precise_amount_cents: toWireDecimal(parts.precise_amount_cents),
      unit_amount_cents: cents.right,
      precise_unit_amount: precise,
      precise_amount: precise,
    },
    'precise_amount',
    precise,
    preciseAmount,
  );
  const { parent, subscription } = parts;
  return lineFee(
    {
      item: parts.item,
      currency: parent?.amount_currency ?? parts.money.currency,
      from_date: parts.from_date,
      to_date: parts.to_date,
      self_billed: parent?.self_billed ?? false,
      ids: {
        svc_charge_id: parent?.svc_charge_id ?? null,
        svc_invoice_id: parent?.svc_invoice_id ?? null,
        svc_true_up_parent_fee_id: parent?.svc_id ?? null,
        svc_subscription_id: parent?.svc_subscription_id ?? subscription?.svc_id ?? null,
        svc_customer_id: parent?.svc_customer_id ?? subscription?.svc_customer_id ?? null,
        external_customer_id:
          parent?.external_customer_id ?? subscription?.external_customer_id ?? null,
        external_subscription_id:
          parent?.external_subscription_id ?? subscription?.external_id ?? null,
      },
    },
    { amounts, units: ONE, events_count: 0, amount_details: null },
  );
}
