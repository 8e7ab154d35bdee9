import {
  type AggregateOptions,
  aggregate,
  currentUsage,
  type PreviewInvoiceInput,
  previewInvoice,
} from '@feecast/engine';
import Big from 'big.js';
import type { BenchSuite } from '../harness';
import { type HistoryEvent, historyEvents, NOVEMBER } from '../history';
import { vat } from './operations';
import { compute, plan, usageInput } from './usage';

/** The invoice of the usage suite's subscription and 10-charge plan, with a 20 % VAT. */
export function invoiceInput(events: readonly HistoryEvent[]): PreviewInvoiceInput {
  const input = usageInput(events);
  return {
    customer: input.customer,
    subscriptions: [{ subscription: input.subscription, plan }],
    billableMetrics: [compute],
    events,
    now: input.now,
    taxes: { billing_entity: [vat] },
  };
}

function unitsOf(events: readonly HistoryEvent[], options: Partial<AggregateOptions>): string {
  const result = aggregate(compute, events, { ...NOVEMBER, ...options });
  if (result._tag === 'Left') throw new Error(result.left.message);
  return result.right.aggregation;
}

/** The units of the usage's entries, by charge. */
function usageUnits(
  entries: readonly { readonly units: string; readonly charge: { readonly svc_id: string } }[],
): Map<string, string> {
  return new Map(entries.map((entry) => [entry.charge.svc_id, entry.units]));
}

/** The units of the invoice's charge fees summed by charge (a filter bucket or group is a fee). */
function invoiceUnits(
  fees: readonly { readonly units: string; readonly svc_charge_id?: string | null }[],
): Map<string, string> {
  const units = new Map<string, Big>();
  for (const fee of fees) {
    if (fee.svc_charge_id == null) continue;
    units.set(fee.svc_charge_id, (units.get(fee.svc_charge_id) ?? new Big(0)).plus(fee.units));
  }
  return new Map(Array.from(units, ([svc, sum]) => [svc, sum.toString()]));
}

/**
 * Before timing: the invoice and the usage agree on every in-arrears charge's units, and
 * those are the units of an independent `aggregate` of the period's events (every charge of
 * the plan is on the one metric, and a filtered or grouped charge's fees add up to them; the
 * in-advance charge is billed on its own invoices).
 */
function invoiceDisagreements(events: readonly HistoryEvent[]): string[] {
  const all = unitsOf(events, {});
  const usage = currentUsage(usageInput(events));
  if (usage._tag === 'Left') return [usage.left.message];
  const invoice = previewInvoice(invoiceInput(events));
  if (invoice._tag === 'Left') return [invoice.left.message];
  const wrong: string[] = [];
  const byUsage = usageUnits(usage.right.customer_usage.charges_usage);
  const byInvoice = invoiceUnits(invoice.right.invoice.fees);
  for (const charge of plan.charges ?? []) {
    const svc = (charge as { readonly svc_id: string }).svc_id;
    if (byUsage.get(svc) !== all)
      wrong.push(`usage units of ${svc}: ${byUsage.get(svc)}, expected ${all}`);
    if (charge.pay_in_advance === true) continue;
    if (byInvoice.get(svc) !== all)
      wrong.push(`invoice units of ${svc}: ${byInvoice.get(svc)}, expected ${all}`);
  }
  return wrong;
}

const AGGREGATE = 'aggregate, sum (the default options)';
export const PREVIEW = 'previewInvoice, 10 charges, 20 % VAT';
export const CURRENT = 'currentUsage, 10 charges';

/**
 * Issue 20 §3: `previewInvoice` and `currentUsage` of the usage suite's 10-charge plan
 * (filters, groups, pay in advance, percentage) over a history-shaped set, against one
 * `aggregate` of the same events: the invoice path, measured before and after the engine's
 * stages hand each other decimals instead of text.
 */
export function invoiceSuite(count = 200_000): BenchSuite {
  const events = historyEvents(count, 'iso');
  const usage = usageInput(events);
  const invoice = invoiceInput(events);
  return {
    name: 'invoice: previewInvoice and currentUsage',
    items: count,
    itemLabel: 'events',
    baseline: AGGREGATE,
    rounds: 7,
    cases: [
      { name: AGGREGATE, run: () => unitsOf(events, {}) },
      {
        name: CURRENT,
        run: () => {
          const result = currentUsage(usage);
          if (result._tag === 'Left') throw new Error(result.left.message);
          return result.right.customer_usage.amount_cents;
        },
      },
      {
        name: PREVIEW,
        run: () => {
          const result = previewInvoice(invoice);
          if (result._tag === 'Left') throw new Error(result.left.message);
          return result.right.invoice.total_amount_cents;
        },
      },
    ],
    checks: () => invoiceDisagreements(events),
  };
}
