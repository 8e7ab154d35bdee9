import type { OperationCharge } from '@feecast/engine';

/** A charge of a benchmark plan: its model, its own properties and the rest of its fields. */
export type ChargeShape = readonly [string, object, Partial<OperationCharge>];

/** The customer and active subscription (since January 2025) every usage benchmark bills. */
export const SUBSCRIBER = {
  customer: { svc_id: '00000000-0000-4000-8000-000000000001', external_id: 'cust_1' },
  subscription: {
    svc_id: '00000000-0000-4000-8000-000000000002',
    external_id: 'sub_1',
    external_customer_id: 'cust_1',
    billing_time: 'calendar',
    started_at: '2025-01-01T00:00:00Z',
    subscription_at: '2025-01-01T00:00:00Z',
    status: 'active',
  },
} as const;

/**
 * Charge `i` of a benchmark plan, on the metric `metricCode`: its svc_id (and each filter's)
 * numbered from `i`, so every charge of a plan is named apart.
 */
export function planCharge(
  [charge_model, properties, shape]: ChargeShape,
  i: number,
  metricCode: string,
): OperationCharge & { readonly svc_id: string } {
  return {
    svc_id: `00000000-0000-4000-8000-${String(200 + i).padStart(12, '0')}`,
    billable_metric_code: metricCode,
    charge_model,
    properties,
    ...shape,
    filters: (shape.filters ?? []).map((filter, f) => ({
      ...filter,
      svc_id: `00000000-0000-4000-8000-${String(300 + 10 * i + f).padStart(12, '0')}`,
    })),
  };
}
