/**
 * The portal page's data from wire objects: the customer, their current or projected usage,
 * and their invoices.
 */
import type { Customer, CustomerProjectedUsage, CustomerUsage, Invoice } from '@feecast/models';
import type { PortalCharge, PortalPageData } from './data';

/** The customer's name: `name`, else first and last names, else the external id. */
function customerName(customer: Customer): string {
  if (customer.name !== null && customer.name !== '') return customer.name;
  const parts = [customer.firstname, customer.lastname].filter(
    (part): part is string => part !== null && part !== '',
  );
  return parts.length > 0 ? parts.join(' ') : customer.external_id;
}

/** What {@link portalDataFromUsage} reads: wire objects as the API returns them. */
export interface PortalUsageInput {
  readonly customer: Customer;
  /** `customer_usage` (current) or `customer_projected_usage` (with projections). */
  readonly usage: CustomerUsage | CustomerProjectedUsage;
  /** The customer's invoices, in the order to list them (default: none). */
  readonly invoices?: readonly Invoice[];
  /** When the usage was priced, shown in the footer. */
  readonly generated_at?: string;
}

/**
 * The portal page's data: the customer's name and external id, the usage's period, currency
 * and totals, one charge per entry of `charges_usage` (`usageCharges`), and the invoices
 * in the order given.
 *
 * @example
 * import { projectedUsage } from '@feecast/engine';
 *
 * const now = '2026-11-30T23:59:59Z';
 * const projected = projectedUsage({ customer, subscription, plan, billableMetrics, events, now });
 * if (projected._tag === 'Right') {
 *   portalDataFromUsage({ customer, usage: projected.right.customer_projected_usage, generated_at: now })
 *   // ~> { customer: { name: 'Acme SAS', external_id: 'acme' }, currency: 'EUR' }
 * }
 */
export function portalDataFromUsage(input: PortalUsageInput): PortalPageData {
  const { customer, usage } = input;
  const projectedTotal =
    'projected_amount_cents' in usage
      ? { projected_amount_cents: usage.projected_amount_cents }
      : {};
  return {
    customer: { name: customerName(customer), external_id: customer.external_id },
    currency: usage.currency,
    period: { from: usage.from_datetime, to: usage.to_datetime },
    ...(input.generated_at === undefined ? {} : { generated_at: input.generated_at }),
    amount_cents: usage.amount_cents,
    taxes_amount_cents: usage.taxes_amount_cents,
    total_amount_cents: usage.total_amount_cents,
    ...projectedTotal,
    charges: usageCharges(usage),
    invoices: (input.invoices ?? []).map((invoice) => ({
      number: invoice.number,
      issuing_date: invoice.issuing_date,
      status: invoice.status,
      payment_status: invoice.payment_status,
      total_amount_cents: invoice.total_amount_cents,
      currency: invoice.currency,
    })),
  };
}

/**
 * One charge per entry of a usage's `charges_usage`: keyed by the charge's code, else the
 * billable metric's; named by the charge's display name, else the metric's; with projected
 * units and amounts for projected usage.
 *
 * @example
 * usageCharges(usage.right.customer_usage)[0]
 * // { code: 'api_calls', name: 'API calls', units: '41382', amount_cents: 9449 }
 */
export function usageCharges(usage: CustomerUsage | CustomerProjectedUsage): PortalCharge[] {
  const charges: readonly {
    readonly charge: {
      readonly code?: string | null;
      readonly invoice_display_name: string | null;
    };
    readonly billable_metric: { readonly code: string; readonly name: string };
    readonly units: string;
    readonly amount_cents: number;
    readonly projected_units?: string;
    readonly projected_amount_cents?: number;
  }[] = usage.charges_usage;
  return charges.map(
    (entry): PortalCharge => ({
      code: entry.charge.code ?? entry.billable_metric.code,
      name: entry.charge.invoice_display_name ?? entry.billable_metric.name,
      units: entry.units,
      amount_cents: entry.amount_cents,
      ...(entry.projected_units === undefined ? {} : { projected_units: entry.projected_units }),
      ...(entry.projected_amount_cents === undefined
        ? {}
        : { projected_amount_cents: entry.projected_amount_cents }),
    }),
  );
}
