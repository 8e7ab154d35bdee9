import type { FeeIds } from '../fee-object';
import type { ChargeFeesOptions, ChargeFeesPurpose, ChargesPeriod } from '../inputs';

/** What every fee of a call shares: its currency, purpose, period, owner ids and zone. */
export interface FeeContext {
  readonly currency: string;
  readonly purpose: ChargeFeesPurpose;
  readonly period: ChargesPeriod;
  /** The elapsed share of the period when projections are asked for. */
  readonly ratio: string | undefined;
  /** The subscription's and customer's ids. */
  readonly owner: FeeIds;
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
