/**
 * The local API server: every operation of the specification under `/api/v1`, answered by
 * a pure reducer over an in-memory state, behind a Node HTTP adapter.
 */
export {
  type ApiErrorResponse,
  type ErrorDetails,
  notImplemented,
  validationErrors,
} from './api-error';
export { createServer, type ServerOptions, type ServerTimeouts } from './create-server';
export { decodeState } from './decode-state';
export { apiErrorOf } from './engine-error';
export { exampleState } from './example-state';
export {
  engineFinalization,
  type FinalizedInvoice,
  type FinalizeInvoiceInput,
} from './finalize-invoice';
export {
  defaultOperations,
  type EstimateFeesInput,
  type Operations,
  type UsageInput,
} from './operations';
export {
  PORTAL_LINK_SECONDS,
  type PortalLinks,
  type PortalTokenCheck,
  portalLinks,
  randomPortalKey,
} from './portal-token';
export { type Reduction, reduce } from './reducer';
export type { ApiRequest, ApiResponse } from './request';
export { SERVE_HELP, type ServeContext, serveCommand } from './serve-command';
export { readSnapshot, SNAPSHOT_FILE, writeSnapshot } from './snapshot';
export { emptyState, type PlanOverride, type ServerState, STATE_VERSION } from './state';
