import type { FeeIds } from '../fee-object';
import type { ChargeFeesOptions, ChargeFeesPurpose, ChargesPeriod } from './inputs';

/** The ids of a fee's subscription and customer. */
export interface OwnerIds {
  readonly svc_subscription_id: string | null;
  readonly external_subscription_id: string | null;
  readonly svc_customer_id: string | null;
  readonly external_customer_id: string | null;
}

/** What every fee of a call shares: its currency, purpose, period, owner ids and zone. */
export interface FeeContext {
  readonly currency: string;
  readonly purpose: ChargeFeesPurpose;
  readonly period: ChargesPeriod;
  /**
   * The elapsed share of the period when projections are asked for, as given
   * (`period_ratio`): read once per call by `priceMetrics`, which hands each bucket its decimal.
   */
  readonly ratio: string | undefined;
  /** The subscription's and customer's ids. */
  readonly owner: OwnerIds;
  /** The customer's IANA zone (`null`: UTC). */
  readonly timezone: string | null;
  readonly terminatedByUpgrade: boolean;
}

/**
 * The shared context of a call's fees: the time zone (the option, else the customer's
 * applicable zone, else UTC) and the subscription's and customer's ids.
 *
 * @example
 * feeContext({ period, currency: 'EUR', customer: { applicable_timezone: 'Europe/Paris' } }).timezone
 * // 'Europe/Paris'
 * @internal
 */
export function feeContext(options: ChargeFeesOptions): FeeContext {
  const { subscription, customer } = options;
  return {
    currency: options.currency,
    purpose: options.purpose ?? 'usage',
    period: options.period,
    ratio: options.period_ratio ?? undefined,
    owner: {
      svc_subscription_id: subscription?.svc_id ?? null,
      external_subscription_id: subscription?.external_id ?? null,
      svc_customer_id: subscription?.svc_customer_id ?? customer?.svc_id ?? null,
      external_customer_id: subscription?.external_customer_id ?? customer?.external_id ?? null,
    },
    timezone: options.timezone ?? customer?.applicable_timezone ?? customer?.timezone ?? null,
    terminatedByUpgrade: options.terminated_by_upgrade === true,
  };
}

/**
 * The ids of a charge fee: its owner's, its charge's and its filter's. Written out rather than
 * spread from the owner (a literal of fixed shape is much cheaper to build per fee).
 *
 * @example
 * chargeFeeIds(context, charge.svc_id, null)
 * // { svc_subscription_id, external_subscription_id, svc_customer_id, external_customer_id, svc_charge_id, svc_charge_filter_id: null }
 * @internal
 */
export function chargeFeeIds(
  context: FeeContext,
  chargeId: string | null | undefined,
  filterId: string | null | undefined,
): FeeIds {
  const { owner } = context;
  return {
    svc_subscription_id: owner.svc_subscription_id,
    external_subscription_id: owner.external_subscription_id,
    svc_customer_id: owner.svc_customer_id,
    external_customer_id: owner.external_customer_id,
    svc_charge_id: chargeId ?? null,
    svc_charge_filter_id: filterId ?? null,
  };
}
