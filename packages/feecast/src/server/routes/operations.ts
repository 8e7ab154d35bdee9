/**
 * The seam between the server and the pricing engine: the operations that compute figures
 * (estimate fees, current usage, projected usage, invoice finalization, invoice preview). The server
 * finds the objects each one needs in its state (and answers the 404s and 405s); an
 * operation gets those objects and `now` (the engine's input types, filled with the state's
 * wire objects) and returns the response body or an API error. The default is the engine;
 * `createServer({ operations })` swaps in others (tests, instrumentation).
 */
import {
  currentUsage,
  type EstimateFeesInput,
  type FeecastError,
  type InvoicePreview,
  type PreviewInvoiceInput,
  previewInvoice,
  projectedUsage,
  type UsageInput,
} from '@feecast/engine';
import type {
  CustomerProjectedUsageResponse,
  CustomerUsageResponse,
  EstimateFeesResponse,
} from '@feecast/models';
import { type Either, isLeft, left } from 'fp-ts/lib/Either.js';
import type { ApiErrorResponse } from '../http/api-error';
import { preparedEstimateFees } from '../state/estimators';
import { apiErrorOf } from './engine-error';
import {
  engineFinalization,
  type FinalizedInvoice,
  type FinalizeInvoiceInput,
} from './finalize-invoice';

export type { EstimateFeesInput, UsageInput } from '@feecast/engine';

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
  /** `PUT /invoices/{id}/finalize`: the finalized invoice, and the coupons and wallets it used. */
  readonly finalizeInvoice: (
    input: FinalizeInvoiceInput,
  ) => Either<ApiErrorResponse, FinalizedInvoice>;
  /** `POST /invoices/preview`: the invoice the next billing run will issue. */
  readonly previewInvoice: (input: PreviewInvoiceInput) => Either<ApiErrorResponse, InvoicePreview>;
}

/** An engine operation whose errors are answered as the reference's HTTP errors. */
function answered<I, A>(
  operation: (input: I) => Either<FeecastError, A>,
): (input: I) => Either<ApiErrorResponse, A> {
  return (input) => {
    const result = operation(input);
    return isLeft(result) ? left(apiErrorOf(result.left)) : result;
  };
}

/**
 * The engine's operations: `estimateFees` (through the estimator kept per subscription, see
 * `state/estimators.ts`), `currentUsage`, `projectedUsage` and
 * `previewInvoice` of `@feecast/engine`, their errors mapped to HTTP answers (`apiErrorOf`), and finalization
 * through the engine's coupon, tax and wallet stages (`engineFinalization`).
 *
 * @example
 * const server = createServer({ apiKeys: ['key'], operations: { ...defaultOperations, estimateFees } });
 */
export const defaultOperations: Operations = {
  estimateFees: answered(preparedEstimateFees),
  currentUsage: answered(currentUsage),
  projectedUsage: answered(projectedUsage),
  finalizeInvoice: engineFinalization,
  previewInvoice: answered((input: PreviewInvoiceInput) => previewInvoice(input)),
};
