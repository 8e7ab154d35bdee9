/**
 * The server as a pure function: `(state, request, now) -> { state, response }`. Routing,
 * query and body checks, the operation's handler: everything but sockets, keys, files and
 * the clock. A request that fails changes nothing (the state returned is the same object).
 */
import {
  type endpoints,
  type OperationId,
  type QueryParam,
  SubscriptionStatus,
  type Timestamp,
} from '@feecast/models';
import { isLeft } from 'fp-ts/lib/Either.js';
import { type ApiErrorResponse, internalError } from '../http/api-error';
import { type BodyPrecheck, readBody } from '../http/body';
import { type PortalLinks, processPortalLinks } from '../http/portal-token';
import { readQuery } from '../http/query';
import type { ApiRequest, ApiResponse } from '../http/request';
import { route } from '../http/router';
import type { ServerState } from '../state/state';
import { getActivityLog, listActivityLogs } from './activity-logs';
import { finalizeInvoice, getCreditNote, listPaymentReceipts } from './billing-documents';
import { createAddOn, listBillableMetrics, listPlans, updateBillableMetric } from './catalog';
import { deleteAppliedCoupon, deleteCoupon, listAppliedCoupons } from './coupons';
import { createEvent } from './events';
import type { Handler, HandlerOutput } from './handler';
import { previewInvoice } from './invoice-preview';
import { defaultOperations, type Operations } from './operations';
import { getPortalUrl, getWebhookEndpoint, listBillingEntities } from './organization';
import { listSubscriptions, updateSubscription } from './subscriptions';
import {
  estimateFees,
  estimateSubscriptionGiven,
  getCurrentUsage,
  getProjectedUsage,
} from './usage';
import { createWalletTransactions } from './wallet-transactions';
import { updateWallet } from './wallets';

type BodyOf<K extends OperationId> = (typeof endpoints)[K] extends {
  readonly request: { readonly decode: (input: unknown) => infer R };
}
  ? Extract<R, { readonly _tag: 'Right' }> extends { readonly right: infer A }
    ? A
    : never
  : undefined;

/** The handler of every operation of the endpoint table. */
const HANDLERS: { readonly [K in OperationId]: Handler<BodyOf<K>> } = {
  updateWallet,
  createWalletTransactions,
  updateSubscription,
  listSubscriptions,
  listPlans,
  listBillableMetrics,
  updateBillableMetric,
  createAddOn,
  deleteCoupon,
  deleteAppliedCoupon,
  listAppliedCoupons,
  finalizeInvoice,
  getCreditNote,
  getProjectedUsage,
  getCurrentUsage,
  estimateFees,
  createEvent,
  getPortalUrl,
  listActivityLogs,
  getActivityLog,
  listPaymentReceipts,
  listBillingEntities,
  getWebhookEndpoint,
  previewInvoice,
};

/** The root key of each enveloped request body. */
const ROOTS: Partial<Record<OperationId, string>> = {
  updateWallet: 'wallet',
  createWalletTransactions: 'wallet_transaction',
  updateSubscription: 'subscription',
  updateBillableMetric: 'billable_metric',
  createAddOn: 'add_on',
  estimateFees: 'event',
  createEvent: 'event',
  previewInvoice: 'customer',
};

/** Checks of a body's root object that come before its fields are decoded. */
const PRECHECKS: Partial<Record<OperationId, BodyPrecheck>> = {
  estimateFees: estimateSubscriptionGiven,
};

/** Query parameters the reference takes beyond those the endpoint table lists. */
const EXTRA_QUERY: Partial<Record<OperationId, readonly QueryParam[]>> = {
  listSubscriptions: [
    {
      name: 'status[]',
      type: 'string',
      array: true,
      required: false,
      values: Object.keys(SubscriptionStatus.keys),
    },
  ],
};

/** The result of one request. */
export interface Reduction {
  readonly state: ServerState;
  readonly response: ApiResponse;
}

/**
 * The answer of a request that fails: `state` unchanged, the error (and its headers).
 *
 * @example
 * failure(state, notFound('route')); // { state, response: { status: 404, body: {...} } }
 */
export function failure(
  state: ServerState,
  error: ApiErrorResponse,
  headers?: Record<string, string>,
): Reduction {
  return {
    state,
    response: { status: error.status, body: error, ...(headers ? { headers } : {}) },
  };
}

function run(
  state: ServerState,
  request: ApiRequest,
  now: Timestamp,
  operations: Operations,
  portal: PortalLinks,
): Reduction {
  const matched = route(request.method, request.path);
  if (isLeft(matched)) {
    const allow = matched.left.allow;
    return failure(state, matched.left.error, allow ? { Allow: allow.join(', ') } : undefined);
  }
  const { operation, endpoint, params } = matched.right;
  const extra = EXTRA_QUERY[operation];
  const query = readQuery(
    extra === undefined ? endpoint : { ...endpoint, query: [...(endpoint.query ?? []), ...extra] },
    request.query,
  );
  if (isLeft(query)) return failure(state, query.left);
  let body: unknown;
  if (endpoint.request !== undefined) {
    const decoded = readBody(
      request.body,
      endpoint.request,
      ROOTS[operation],
      PRECHECKS[operation],
    );
    if (isLeft(decoded)) return failure(state, decoded.left);
    body = decoded.right;
  }
  const handler = HANDLERS[operation] as Handler<unknown>;
  const output = handler({
    state,
    now,
    params,
    query: query.right,
    body,
    origin: request.origin,
    operations,
    portal,
  });
  if (isLeft(output)) return failure(state, output.left);
  const result: HandlerOutput = output.right;
  return { state: result.state, response: { status: 200, body: result.body } };
}

/**
 * Answers one request against `state` at `now`: the new state (the same object when the
 * request changed nothing or failed) and the response. Pure: no clock, no I/O; an
 * unexpected exception in a handler is a 500 with nothing internal in it, and no change.
 * `portal` signs the tokens of portal links (default: a key made once per process; the
 * server passes its own).
 *
 * @example
 * import type { Timestamp } from '@feecast/models';
 *
 * const { response } = reduce(exampleState(), {
 *   method: 'GET', path: '/api/v1/billing_entities', query: '', origin: 'http://127.0.0.1:3000',
 * }, '2025-03-01T00:00:00.000Z' as Timestamp);
 * response.status // => 200
 */
export function reduce(
  state: ServerState,
  request: ApiRequest,
  now: Timestamp,
  operations: Operations = defaultOperations,
  portal: PortalLinks = processPortalLinks(),
): Reduction {
  try {
    return run(state, request, now, operations, portal);
  } catch {
    return failure(state, internalError());
  }
}
