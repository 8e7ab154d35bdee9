/**
 * The endpoint table: one entry per operation of the API, keyed by operation id, with its
 * method, path (relative to `{base_url}/api/v1`), path and query parameters, and the codecs
 * of its enveloped request and response bodies.
 */
import type * as t from 'io-ts';
import { ActivitySource, SubscriptionUpdateStatus } from './enums';
import { enumerationValues } from './internal/enumeration';
import { CreateAddOnRequest } from './requests/create-add-on';
import { CreateEventRequest } from './requests/create-event';
import { CreateWalletTransactionRequest } from './requests/create-wallet-transaction';
import { EstimateFeesRequest } from './requests/estimate-fees';
import { FinalizeInvoiceRequest } from './requests/finalize-invoice';
import { InvoicePreviewRequest } from './requests/invoice-preview';
import { UpdateBillableMetricRequest } from './requests/update-billable-metric';
import { UpdateSubscriptionRequest } from './requests/update-subscription';
import { UpdateWalletRequest } from './requests/update-wallet';
import {
  ActivityLogResponse,
  ActivityLogsResponse,
  AddOnResponse,
  AppliedCouponResponse,
  AppliedCouponsResponse,
  BillableMetricResponse,
  BillableMetricsResponse,
  BillingEntitiesResponse,
  CouponResponse,
  CreateEventResponse,
  CreditNoteResponse,
  CustomerProjectedUsageResponse,
  CustomerUsageResponse,
  EstimateFeesResponse,
  InvoiceResponse,
  PaymentReceiptsResponse,
  PlansResponse,
  PortalUrlResponse,
  SubscriptionResponse,
  SubscriptionsResponse,
  WalletResponse,
  WalletTransactionsResponse,
  WebhookEndpointResponse,
} from './responses';

/** HTTP methods of the API. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The type of a query parameter's value (of each value, for an array parameter). */
export type QueryParamType = 'string' | 'integer' | 'boolean' | 'date' | 'uuid';

/**
 * A query parameter. An array parameter's `name` ends in `[]` and the key is repeated once
 * per value (`coupon_code[]=A&coupon_code[]=B`).
 */
export interface QueryParam {
  readonly name: string;
  readonly type: QueryParamType;
  readonly array: boolean;
  readonly required: boolean;
  /** The allowed values, when the parameter is an enum. */
  readonly values?: readonly string[];
}

/**
 * An operation of the API. `path` names its parameters in braces (`/wallets/{svc_id}`),
 * listed in `pathParams`; `request` and `response` decode the enveloped bodies.
 */
export interface Endpoint<
  Req extends t.Decoder<unknown, unknown> | undefined = t.Decoder<unknown, unknown> | undefined,
  Res extends t.Decoder<unknown, unknown> = t.Decoder<unknown, unknown>,
> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly pathParams: readonly string[];
  readonly query?: readonly QueryParam[];
  readonly request?: Req;
  readonly response: Res;
}

const param = (
  name: string,
  type: QueryParamType,
  options: { required?: boolean; values?: readonly string[] } = {},
): QueryParam => ({
  name,
  type,
  array: name.endsWith('[]'),
  required: options.required ?? false,
  ...(options.values === undefined ? {} : { values: options.values }),
});

const page = [param('page', 'integer'), param('per_page', 'integer')];

const usageQuery = [
  param('external_subscription_id', 'string', { required: true }),
  param('apply_taxes', 'boolean'),
];

/**
 * Every operation of the API, keyed by operation id: the operations of the specification
 * plus `createEvent` (`POST /events`), `getCurrentUsage`
 * (`GET /customers/{external_customer_id}/current_usage`) and `previewInvoice`
 * (`POST /invoices/preview`, the reference's invoice preview).
 *
 * @example
 * import { decode, endpoints } from '@feecast/models';
 * const { method, path, response } = endpoints.getCreditNote; // 'GET', '/credit_notes/{svc_id}'
 * const url = `${baseUrl}/api/v1${path.replace('{svc_id}', encodeURIComponent(id))}`;
 * const body = decode(response, await (await fetch(url, { method, headers })).json());
 */
export const endpoints = {
  updateWallet: {
    method: 'PUT',
    path: '/wallets/{svc_id}',
    pathParams: ['svc_id'],
    request: UpdateWalletRequest,
    response: WalletResponse,
  },
  createWalletTransactions: {
    method: 'POST',
    path: '/wallet_transactions',
    pathParams: [],
    request: CreateWalletTransactionRequest,
    response: WalletTransactionsResponse,
  },
  updateSubscription: {
    method: 'PUT',
    path: '/subscriptions/{external_id}',
    pathParams: ['external_id'],
    query: [param('status', 'string', { values: enumerationValues(SubscriptionUpdateStatus) })],
    request: UpdateSubscriptionRequest,
    response: SubscriptionResponse,
  },
  listSubscriptions: {
    method: 'GET',
    path: '/subscriptions',
    pathParams: [],
    query: [...page, param('external_customer_id', 'string')],
    response: SubscriptionsResponse,
  },
  listPlans: {
    method: 'GET',
    path: '/plans',
    pathParams: [],
    query: page,
    response: PlansResponse,
  },
  listBillableMetrics: {
    method: 'GET',
    path: '/billable_metrics',
    pathParams: [],
    query: page,
    response: BillableMetricsResponse,
  },
  updateBillableMetric: {
    method: 'PUT',
    path: '/billable_metrics/{code}',
    pathParams: ['code'],
    request: UpdateBillableMetricRequest,
    response: BillableMetricResponse,
  },
  createAddOn: {
    method: 'POST',
    path: '/add_ons',
    pathParams: [],
    request: CreateAddOnRequest,
    response: AddOnResponse,
  },
  deleteCoupon: {
    method: 'DELETE',
    path: '/coupons/{code}',
    pathParams: ['code'],
    response: CouponResponse,
  },
  deleteAppliedCoupon: {
    method: 'DELETE',
    path: '/customers/{external_customer_id}/applied_coupons/{applied_coupon_id}',
    pathParams: ['external_customer_id', 'applied_coupon_id'],
    response: AppliedCouponResponse,
  },
  listAppliedCoupons: {
    method: 'GET',
    path: '/applied_coupons',
    pathParams: [],
    query: [...page, param('coupon_code[]', 'string')],
    response: AppliedCouponsResponse,
  },
  finalizeInvoice: {
    method: 'PUT',
    path: '/invoices/{svc_id}/finalize',
    pathParams: ['svc_id'],
    request: FinalizeInvoiceRequest,
    response: InvoiceResponse,
  },
  getCreditNote: {
    method: 'GET',
    path: '/credit_notes/{svc_id}',
    pathParams: ['svc_id'],
    response: CreditNoteResponse,
  },
  getProjectedUsage: {
    method: 'GET',
    path: '/customers/{external_customer_id}/projected_usage',
    pathParams: ['external_customer_id'],
    query: usageQuery,
    response: CustomerProjectedUsageResponse,
  },
  getCurrentUsage: {
    method: 'GET',
    path: '/customers/{external_customer_id}/current_usage',
    pathParams: ['external_customer_id'],
    query: usageQuery,
    response: CustomerUsageResponse,
  },
  estimateFees: {
    method: 'POST',
    path: '/events/estimate_fees',
    pathParams: [],
    request: EstimateFeesRequest,
    response: EstimateFeesResponse,
  },
  createEvent: {
    method: 'POST',
    path: '/events',
    pathParams: [],
    request: CreateEventRequest,
    response: CreateEventResponse,
  },
  getPortalUrl: {
    method: 'GET',
    path: '/customers/{external_customer_id}/portal_url',
    pathParams: ['external_customer_id'],
    response: PortalUrlResponse,
  },
  listActivityLogs: {
    method: 'GET',
    path: '/activity_logs',
    pathParams: [],
    query: [
      ...page,
      param('from_date', 'date'),
      param('to_date', 'date'),
      param('activity_types[]', 'string'),
      param('activity_sources[]', 'string', { values: enumerationValues(ActivitySource) }),
      param('user_emails[]', 'string'),
      param('external_customer_id', 'string'),
      param('external_subscription_id', 'string'),
      param('resource_ids[]', 'uuid'),
      param('resource_types[]', 'string'),
    ],
    response: ActivityLogsResponse,
  },
  getActivityLog: {
    method: 'GET',
    path: '/activity_logs/{activity_id}',
    pathParams: ['activity_id'],
    response: ActivityLogResponse,
  },
  listPaymentReceipts: {
    method: 'GET',
    path: '/payment_receipts',
    pathParams: [],
    query: [...page, param('invoice_id', 'string')],
    response: PaymentReceiptsResponse,
  },
  listBillingEntities: {
    method: 'GET',
    path: '/billing_entities',
    pathParams: [],
    response: BillingEntitiesResponse,
  },
  getWebhookEndpoint: {
    method: 'GET',
    path: '/webhook_endpoints/{svc_id}',
    pathParams: ['svc_id'],
    response: WebhookEndpointResponse,
  },
  previewInvoice: {
    method: 'POST',
    path: '/invoices/preview',
    pathParams: [],
    request: InvoicePreviewRequest,
    response: InvoiceResponse,
  },
} as const satisfies Record<string, Endpoint>;

/** An operation id of {@link endpoints}. */
export type OperationId = keyof typeof endpoints;
