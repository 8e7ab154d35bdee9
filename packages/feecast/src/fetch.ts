/**
 * `feecast/fetch`: the local API as a fetch handler, `(request: Request) => Promise<Response>`,
 * for a browser, a worker, Deno or a mock-service-worker setup. Its whole module graph is
 * browser-safe (no Node module; `test/fetch-handler.test.ts` bundles it for the browser and
 * fails on any), unlike the package's main entry (the command, the Node server, the journal).
 */
export type { IdPrefix } from './server/http/answers';
export { createFetchHandler, type FetchHandlerOptions } from './server/http/fetch-handler';
export { OPENAPI_PATH, openApiDocument } from './server/http/openapi';
export { defaultOperations, type Operations } from './server/routes/operations';
export { decodeState } from './server/state/decode-state';
export { exampleState } from './server/state/example-state';
export { emptyState, type ServerState } from './server/state/state';
export { verifyWebhookSignature } from './server/webhooks/signature';
