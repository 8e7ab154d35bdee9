/**
 * The seam between the server and the pricing engine: the four operations that compute
 * figures (estimate fees, current usage, projected usage, invoice finalization). The server
 * finds the objects each one needs in its state (and answers the 404s and 405s); an
 * operation gets those objects, the request and `now`, and returns the response body or an
 * API error. Swap in the engine's functions through `createServer({ operations })`.
 */
import type {
  BillableMetric,
  Customer,
  CustomerProjectedUsageResponse,
  CustomerUsageResponse,
  EstimateFeesEvent,
  EstimateFeesResponse,
  Invoice,
  Plan,
  Subscription,
  Tax,
  Timestamp,
  UsageEventRecord,
} from '@feecast/models';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type ApiErrorResponse, notImplemented } from './api-error';
import { asIsoDate } from './brands';
import { addDays, localDate } from './calendar';

/** The taxes that apply besides those on plans, charges and add-ons. */
export interface OperationTaxes {
  /** Taxes applied to the whole organization (`applied_to_organization`). */
  readonly billing_entity: readonly Tax[];
  /** The customer's own taxes. */
  readonly customer: readonly Tax[];
}

/** What a usage computation needs: one subscription of one customer, with its plan. */
export interface UsageContext {
  readonly customer: Customer;
  readonly subscription: Subscription;
  /** The subscription's plan, with its overrides applied. */
  readonly plan: Plan;
  /** Every billable metric of the organization. */
  readonly billableMetrics: readonly BillableMetric[];
  /** The stored events of the subscription (`external_subscription_id`). */
  readonly events: readonly UsageEventRecord[];
  readonly taxes: OperationTaxes;
  readonly now: Timestamp;
}

/** The input of {@link Operations.estimateFees}. */
export interface EstimateFeesInput extends UsageContext {
  /** The hypothetical event (never stored). */
  readonly event: EstimateFeesEvent;
}

/** The input of {@link Operations.currentUsage} and {@link Operations.projectedUsage}. */
export interface UsageInput extends UsageContext {
  /** `apply_taxes` of the query (default true). */
  readonly applyTaxes: boolean;
}

/** The input of {@link Operations.finalizeInvoice}: a draft invoice. */
export interface FinalizeInvoiceInput {
  readonly invoice: Invoice;
  readonly now: Timestamp;
}

/** The pricing operations the server delegates. Each is pure. */
export interface Operations {
  /** `POST /events/estimate_fees`: `{ fees }`. */
  readonly estimateFees: (
    input: EstimateFeesInput,
  ) => Either<ApiErrorResponse, EstimateFeesResponse>;
  /** `GET /customers/{id}/current_usage`: `{ customer_usage }`. */
  readonly currentUsage: (input: UsageInput) => Either<ApiErrorResponse, CustomerUsageResponse>;
  /** `GET /customers/{id}/projected_usage`: `{ customer_projected_usage }`. */
  readonly projectedUsage: (
    input: UsageInput,
  ) => Either<ApiErrorResponse, CustomerProjectedUsageResponse>;
  /** `PUT /invoices/{id}/finalize`: the finalized invoice. */
  readonly finalizeInvoice: (input: FinalizeInvoiceInput) => Either<ApiErrorResponse, Invoice>;
}

/**
 * Finalizes a draft invoice keeping its figures: status `finalized`, issued today in the
 * customer's time zone, due `net_payment_term` days later, `file_url` null (no PDF is
 * built), `updated_at` now. The engine's finalization (fees refreshed, coupons, taxes,
 * wallets applied) replaces it.
 *
 * @example
 * keepFiguresFinalization({ invoice: draft, now }); // right({ ...draft, status: 'finalized', ... })
 */
export function keepFiguresFinalization(
  input: FinalizeInvoiceInput,
): Either<ApiErrorResponse, Invoice> {
  const { invoice, now } = input;
  const issuing = localDate(now, invoice.customer.applicable_timezone);
  return right({
    ...invoice,
    status: 'finalized',
    issuing_date: asIsoDate(issuing),
    payment_due_date: asIsoDate(addDays(issuing, invoice.net_payment_term)),
    file_url: null,
    updated_at: now,
  });
}

/**
 * The operations of this release: finalization keeps the invoice's figures; estimates and
 * usage answer 501 `not_implemented` until the engine's operations are wired in.
 *
 * @example
 * const server = createServer({ apiKeys: ['key'], operations: { ...defaultOperations, estimateFees } });
 */
export const defaultOperations: Operations = {
  estimateFees: () => left(notImplemented()),
  currentUsage: () => left(notImplemented()),
  projectedUsage: () => left(notImplemented()),
  finalizeInvoice: keepFiguresFinalization,
};
