/**
 * Builders for the charge-fee tests: ids, metrics, charges, events and periods, and runners
 * that unwrap results and check that every fee decodes with the models' `Fee` codec.
 */
import { decode, Fee } from '@feecast/models';
import { expect } from 'vitest';
import type { UsageEvent } from '../../../src/aggregation/index';
import {
  type ChargeFee,
  type ChargeFeesCharge,
  type ChargeFeesInput,
  type ChargeFeesMetric,
  type ChargesPeriod,
  chargeFees,
  type EstimatePayInAdvanceFeeInput,
  estimatePayInAdvanceFee,
  type PayInAdvanceFeesInput,
  type PlanChargeFeesInput,
  payInAdvanceFees,
  planChargeFees,
} from '../../../src/fees/charge/index';
import { rightOf } from '../../charge-models/support';
import { rangeRows } from '../../charge-properties';

export { leftOf, rightOf } from '../../charge-models/support';

/** A UUID whose last group is `n` (distinct ids for distinct n). */
export function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export const METRIC_ID = uuid(1);
export const CHARGE_ID = uuid(2);
export const SUBSCRIPTION = {
  svc_id: uuid(3),
  external_id: 'sub_ext',
  svc_customer_id: uuid(4),
  external_customer_id: 'cust_ext',
} as const;
export const CREDITS = { svc_id: uuid(5), code: 'credits', short_name: 'CR' } as const;

/** March 2025 in UTC: 31 days. */
export const MARCH: ChargesPeriod = {
  charges_from_datetime: '2025-03-01T00:00:00Z',
  charges_to_datetime: '2025-03-31T23:59:59Z',
  charges_duration: 31,
};

/** A charges period from `from` to `to` (`YYYY-MM-DD` dates, UTC) of a full period of `duration` days. */
export function period(from: string, to: string, duration: number): ChargesPeriod {
  return {
    charges_from_datetime: `${from}T00:00:00Z`,
    charges_to_datetime: `${to}T23:59:59Z`,
    charges_duration: duration,
  };
}

/** A billable metric of code `m`. */
export function metric(
  aggregation_type: string,
  extra: Partial<ChargeFeesMetric> = {},
): ChargeFeesMetric {
  return {
    svc_id: METRIC_ID,
    name: 'Metric',
    code: 'm',
    aggregation_type,
    field_name: aggregation_type === 'count_agg' ? null : 'v',
    ...extra,
  };
}

/** A charge of metric `m`. */
export function charge(
  charge_model: string,
  properties: unknown,
  extra: Partial<ChargeFeesCharge> = {},
): ChargeFeesCharge {
  return { svc_id: CHARGE_ID, billable_metric_code: 'm', charge_model, properties, ...extra };
}

/** Graduated ranges from rows [from, to, per unit, flat]. */
export function graduatedRanges(
  rows: readonly (readonly [number, number | null, string, string])[],
): { graduated_ranges: object[] } {
  return { graduated_ranges: rangeRows(rows).graduated_ranges ?? [] };
}

let counter = 0;
/** An event of metric `m` at `timestamp` (a unique transaction id unless given). */
export function event(
  timestamp: string,
  properties: Record<string, unknown> = {},
  extra: Partial<UsageEvent> = {},
): UsageEvent {
  counter++;
  return { transaction_id: `t${counter}`, code: 'm', timestamp, properties, ...extra };
}

/** `count` events on the 2nd of March, with the properties given. */
export function events(count: number, properties: Record<string, unknown> = {}): UsageEvent[] {
  return Array.from({ length: count }, () => event('2025-03-02T10:00:00Z', properties));
}

/** Asserts that a fee decodes with the models' `Fee` codec. */
export function expectDecodes(fee: ChargeFee): void {
  const decoded = decode(Fee, fee);
  if (decoded._tag === 'Left') throw new Error(decoded.left.message);
  expect(decoded._tag).toBe('Right');
}

function checked(fees: ChargeFee[]): ChargeFee[] {
  for (const fee of fees) expectDecodes(fee);
  return fees;
}

type Defaults = 'period' | 'currency';
type WithDefaults<T> = Omit<T, Defaults> & Partial<Pick<ChargeFeesInput, Defaults>>;

/** `chargeFees` in EUR over March, unwrapped; every fee decodes. */
export function feesOf(input: WithDefaults<ChargeFeesInput>): ChargeFee[] {
  return checked(rightOf(chargeFees({ period: MARCH, currency: 'EUR', ...input })));
}

/** `payInAdvanceFees` in EUR over March, unwrapped; every fee decodes. */
export function inAdvanceOf(input: WithDefaults<PayInAdvanceFeesInput>): ChargeFee[] {
  return checked(rightOf(payInAdvanceFees({ period: MARCH, currency: 'EUR', ...input })));
}

/** `estimatePayInAdvanceFee` in EUR over March, unwrapped; the fee decodes. */
export function estimateOf(input: WithDefaults<EstimatePayInAdvanceFeeInput>): ChargeFee {
  const [fee] = checked([
    rightOf(estimatePayInAdvanceFee({ period: MARCH, currency: 'EUR', ...input })),
  ]);
  if (fee === undefined) throw new Error('no fee');
  return fee;
}

/** `planChargeFees` in EUR over March, unwrapped; every fee decodes. */
export function planFeesOf(input: WithDefaults<PlanChargeFeesInput>): ChargeFee[] {
  return checked(rightOf(planChargeFees({ period: MARCH, currency: 'EUR', ...input })));
}

/** The amount_cents of each fee. */
export const cents = (fees: readonly ChargeFee[]): number[] => fees.map((f) => f.amount_cents);
