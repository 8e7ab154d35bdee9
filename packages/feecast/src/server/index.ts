/**
 * The local API server: every operation of the specification under `/api/v1`, answered by
 * a pure reducer over an in-memory state, behind a Node HTTP adapter.
 */

export type { IdPrefix } from './http/answers';
export {
  type ApiErrorResponse,
  type ErrorDetails,
  notImplemented,
  validationErrors,
} from './http/api-error';
export {
  createServer,
  type ServerOptions,
  type ServerTimeouts,
} from './http/create-server';
export { createFetchHandler, type FetchHandlerOptions } from './http/fetch-handler';
export { OPENAPI_PATH, openApiDocument } from './http/openapi';
export {
  PORTAL_LINK_SECONDS,
  type PortalLinks,
  type PortalTokenCheck,
  portalLinks,
  randomPortalKey,
} from './http/portal-token';
export type { ApiRequest, ApiResponse } from './http/request';
export { SERVE_HELP, type ServeContext, serveCommand } from './http/serve-command';
export { apiErrorOf } from './routes/engine-error';
export {
  engineFinalization,
  type FinalizedInvoice,
  type FinalizeInvoiceInput,
} from './routes/finalize-invoice';
export {
  defaultOperations,
  type EstimateFeesInput,
  type Operations,
  type UsageInput,
} from './routes/operations';
export { type Reduction, reduce } from './routes/reducer';
export type { Items } from './state/chunked-list';
export { decodeState } from './state/decode-state';
export type { EventLog, StoredEvents, SubscriptionEvents } from './state/event-index';
export { exampleState } from './state/example-state';
export { readSnapshot, SNAPSHOT_FILE, writeSnapshot } from './state/snapshot';
export {
  emptyState,
  type PlanOverride,
  type ServerState,
  STATE_VERSION,
  type StoredClock,
} from './state/state';
export type { AttemptOutcome, WebhookAttempt, WebhookDelivery } from './webhooks/delivery-records';
export type { RetryPolicy } from './webhooks/retry';
export { verifyWebhookSignature } from './webhooks/signature';
export type { WebhookOptions } from './webhooks/webhook-service';
