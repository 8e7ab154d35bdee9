/**
 * Response bodies: each resource wrapped in its root key (`{"wallet": {...}}`), lists with
 * their pagination `meta` where the service sends one.
 */
import type * as t from 'io-ts';
import { array } from './internal/array';
import { envelope } from './internal/envelope';
import { named } from './internal/named';
import { ActivityLog } from './resources/activity-log';
import { AddOn } from './resources/add-on';
import { AppliedCoupon } from './resources/applied-coupon';
import { BillableMetric } from './resources/billable-metric';
import { BillingEntity } from './resources/billing-entity';
import { Charge } from './resources/charge';
import { Coupon } from './resources/coupon';
import { CreditNote } from './resources/credit-note';
import { Customer } from './resources/customer';
import { Entitlement } from './resources/entitlement';
import { Fee } from './resources/fee';
import { FixedCharge } from './resources/fixed-charge';
import { Invoice } from './resources/invoice';
import { PaginationMeta } from './resources/pagination-meta';
import { PaymentReceipt } from './resources/payment-receipt';
import { Plan } from './resources/plan';
import { CustomerPortalUrl } from './resources/portal-url';
import { Subscription } from './resources/subscription';
import { CustomerProjectedUsage, CustomerUsage } from './resources/usage';
import { UsageEventRecord } from './resources/usage-event';
import { Wallet } from './resources/wallet';
import { WalletTransaction } from './resources/wallet-transaction';
import { WebhookEndpoint } from './resources/webhook-endpoint';

const WalletResponseCodec = envelope('WalletResponse', { wallet: Wallet }, {});
/** See {@link WalletResponse}. */
export interface WalletResponse extends t.TypeOf<typeof WalletResponseCodec> {}
/** `{"wallet": Wallet}`: `PUT /wallets/{svc_id}`. */
export const WalletResponse = named<WalletResponse>(WalletResponseCodec);

const WalletTransactionsResponseCodec = envelope(
  'WalletTransactionsResponse',
  { wallet_transactions: array(WalletTransaction) },
  {},
);
/** See {@link WalletTransactionsResponse}. */
export interface WalletTransactionsResponse
  extends t.TypeOf<typeof WalletTransactionsResponseCodec> {}
/** `{"wallet_transactions": WalletTransaction[]}`: `POST /wallet_transactions`. */
export const WalletTransactionsResponse = named<WalletTransactionsResponse>(
  WalletTransactionsResponseCodec,
);

const WalletTransactionResponseCodec = envelope(
  'WalletTransactionResponse',
  { wallet_transaction: WalletTransaction },
  {},
);
/** See {@link WalletTransactionResponse}. */
export interface WalletTransactionResponse
  extends t.TypeOf<typeof WalletTransactionResponseCodec> {}
/** `{"wallet_transaction": WalletTransaction}`: one wallet transaction. */
export const WalletTransactionResponse = named<WalletTransactionResponse>(
  WalletTransactionResponseCodec,
);

const SubscriptionResponseCodec = envelope(
  'SubscriptionResponse',
  { subscription: Subscription },
  {},
);
/** See {@link SubscriptionResponse}. */
export interface SubscriptionResponse extends t.TypeOf<typeof SubscriptionResponseCodec> {}
/** `{"subscription": Subscription}`: `PUT /subscriptions/{external_id}`. */
export const SubscriptionResponse = named<SubscriptionResponse>(SubscriptionResponseCodec);

const SubscriptionsResponseCodec = envelope(
  'SubscriptionsResponse',
  { subscriptions: array(Subscription), meta: PaginationMeta },
  {},
);
/** See {@link SubscriptionsResponse}. */
export interface SubscriptionsResponse extends t.TypeOf<typeof SubscriptionsResponseCodec> {}
/** `{"subscriptions": Subscription[], "meta": PaginationMeta}`: `GET /subscriptions`. */
export const SubscriptionsResponse = named<SubscriptionsResponse>(SubscriptionsResponseCodec);

const PlanResponseCodec = envelope('PlanResponse', { plan: Plan }, {});
/** See {@link PlanResponse}. */
export interface PlanResponse extends t.TypeOf<typeof PlanResponseCodec> {}
/** `{"plan": Plan}`: one plan. */
export const PlanResponse = named<PlanResponse>(PlanResponseCodec);

const PlansResponseCodec = envelope(
  'PlansResponse',
  { plans: array(Plan), meta: PaginationMeta },
  {},
);
/** See {@link PlansResponse}. */
export interface PlansResponse extends t.TypeOf<typeof PlansResponseCodec> {}
/** `{"plans": Plan[], "meta": PaginationMeta}`: `GET /plans`. */
export const PlansResponse = named<PlansResponse>(PlansResponseCodec);

const ChargeResponseCodec = envelope('ChargeResponse', { charge: Charge }, {});
/** See {@link ChargeResponse}. */
export interface ChargeResponse extends t.TypeOf<typeof ChargeResponseCodec> {}
/** `{"charge": Charge}`: one charge. */
export const ChargeResponse = named<ChargeResponse>(ChargeResponseCodec);

const FixedChargeResponseCodec = envelope('FixedChargeResponse', { fixed_charge: FixedCharge }, {});
/** See {@link FixedChargeResponse}. */
export interface FixedChargeResponse extends t.TypeOf<typeof FixedChargeResponseCodec> {}
/** `{"fixed_charge": FixedCharge}`: one fixed charge. */
export const FixedChargeResponse = named<FixedChargeResponse>(FixedChargeResponseCodec);

const EntitlementResponseCodec = envelope('EntitlementResponse', { entitlement: Entitlement }, {});
/** See {@link EntitlementResponse}. */
export interface EntitlementResponse extends t.TypeOf<typeof EntitlementResponseCodec> {}
/** `{"entitlement": Entitlement}`: one entitlement. */
export const EntitlementResponse = named<EntitlementResponse>(EntitlementResponseCodec);

const BillableMetricResponseCodec = envelope(
  'BillableMetricResponse',
  { billable_metric: BillableMetric },
  {},
);
/** See {@link BillableMetricResponse}. */
export interface BillableMetricResponse extends t.TypeOf<typeof BillableMetricResponseCodec> {}
/** `{"billable_metric": BillableMetric}`: `PUT /billable_metrics/{code}`. */
export const BillableMetricResponse = named<BillableMetricResponse>(BillableMetricResponseCodec);

const BillableMetricsResponseCodec = envelope(
  'BillableMetricsResponse',
  { billable_metrics: array(BillableMetric), meta: PaginationMeta },
  {},
);
/** See {@link BillableMetricsResponse}. */
export interface BillableMetricsResponse extends t.TypeOf<typeof BillableMetricsResponseCodec> {}
/** `{"billable_metrics": BillableMetric[], "meta": PaginationMeta}`: `GET /billable_metrics`. */
export const BillableMetricsResponse = named<BillableMetricsResponse>(BillableMetricsResponseCodec);

const AddOnResponseCodec = envelope('AddOnResponse', { add_on: AddOn }, {});
/** See {@link AddOnResponse}. */
export interface AddOnResponse extends t.TypeOf<typeof AddOnResponseCodec> {}
/** `{"add_on": AddOn}`: `POST /add_ons`. */
export const AddOnResponse = named<AddOnResponse>(AddOnResponseCodec);

const CouponResponseCodec = envelope('CouponResponse', { coupon: Coupon }, {});
/** See {@link CouponResponse}. */
export interface CouponResponse extends t.TypeOf<typeof CouponResponseCodec> {}
/** `{"coupon": Coupon}`: `DELETE /coupons/{code}`. */
export const CouponResponse = named<CouponResponse>(CouponResponseCodec);

const AppliedCouponResponseCodec = envelope(
  'AppliedCouponResponse',
  { applied_coupon: AppliedCoupon },
  {},
);
/** See {@link AppliedCouponResponse}. */
export interface AppliedCouponResponse extends t.TypeOf<typeof AppliedCouponResponseCodec> {}
/** `{"applied_coupon": AppliedCoupon}`: `DELETE /customers/{id}/applied_coupons/{id}`. */
export const AppliedCouponResponse = named<AppliedCouponResponse>(AppliedCouponResponseCodec);

const AppliedCouponsResponseCodec = envelope(
  'AppliedCouponsResponse',
  { applied_coupons: array(AppliedCoupon), meta: PaginationMeta },
  {},
);
/** See {@link AppliedCouponsResponse}. */
export interface AppliedCouponsResponse extends t.TypeOf<typeof AppliedCouponsResponseCodec> {}
/** `{"applied_coupons": AppliedCoupon[], "meta": PaginationMeta}`: `GET /applied_coupons`. */
export const AppliedCouponsResponse = named<AppliedCouponsResponse>(AppliedCouponsResponseCodec);

const InvoiceResponseCodec = envelope('InvoiceResponse', { invoice: Invoice }, {});
/** See {@link InvoiceResponse}. */
export interface InvoiceResponse extends t.TypeOf<typeof InvoiceResponseCodec> {}
/** `{"invoice": Invoice}`: `PUT /invoices/{svc_id}/finalize`. */
export const InvoiceResponse = named<InvoiceResponse>(InvoiceResponseCodec);

const CreditNoteResponseCodec = envelope('CreditNoteResponse', { credit_note: CreditNote }, {});
/** See {@link CreditNoteResponse}. */
export interface CreditNoteResponse extends t.TypeOf<typeof CreditNoteResponseCodec> {}
/** `{"credit_note": CreditNote}`: `GET /credit_notes/{svc_id}`. */
export const CreditNoteResponse = named<CreditNoteResponse>(CreditNoteResponseCodec);

const FeeResponseCodec = envelope('FeeResponse', { fee: Fee }, {});
/** See {@link FeeResponse}. */
export interface FeeResponse extends t.TypeOf<typeof FeeResponseCodec> {}
/** `{"fee": Fee}`: one fee. */
export const FeeResponse = named<FeeResponse>(FeeResponseCodec);

const EstimateFeesResponseCodec = envelope('EstimateFeesResponse', { fees: array(Fee) }, {});
/** See {@link EstimateFeesResponse}. */
export interface EstimateFeesResponse extends t.TypeOf<typeof EstimateFeesResponseCodec> {}
/** `{"fees": Fee[]}`: `POST /events/estimate_fees`. */
export const EstimateFeesResponse = named<EstimateFeesResponse>(EstimateFeesResponseCodec);

const CustomerResponseCodec = envelope('CustomerResponse', { customer: Customer }, {});
/** See {@link CustomerResponse}. */
export interface CustomerResponse extends t.TypeOf<typeof CustomerResponseCodec> {}
/** `{"customer": Customer}`: one customer. */
export const CustomerResponse = named<CustomerResponse>(CustomerResponseCodec);

const CustomerUsageResponseCodec = envelope(
  'CustomerUsageResponse',
  { customer_usage: CustomerUsage },
  {},
);
/** See {@link CustomerUsageResponse}. */
export interface CustomerUsageResponse extends t.TypeOf<typeof CustomerUsageResponseCodec> {}
/** `{"customer_usage": CustomerUsage}`: `GET /customers/{external_customer_id}/current_usage`. */
export const CustomerUsageResponse = named<CustomerUsageResponse>(CustomerUsageResponseCodec);

const CustomerProjectedUsageResponseCodec = envelope(
  'CustomerProjectedUsageResponse',
  { customer_projected_usage: CustomerProjectedUsage },
  {},
);
/** See {@link CustomerProjectedUsageResponse}. */
export interface CustomerProjectedUsageResponse
  extends t.TypeOf<typeof CustomerProjectedUsageResponseCodec> {}
/**
 * `{"customer_projected_usage": CustomerProjectedUsage}`:
 * `GET /customers/{external_customer_id}/projected_usage`.
 */
export const CustomerProjectedUsageResponse = named<CustomerProjectedUsageResponse>(
  CustomerProjectedUsageResponseCodec,
);

const PortalUrlResponseCodec = envelope('PortalUrlResponse', { customer: CustomerPortalUrl }, {});
/** See {@link PortalUrlResponse}. */
export interface PortalUrlResponse extends t.TypeOf<typeof PortalUrlResponseCodec> {}
/** `{"customer": {"portal_url": ...}}`: `GET /customers/{external_customer_id}/portal_url`. */
export const PortalUrlResponse = named<PortalUrlResponse>(PortalUrlResponseCodec);

const ActivityLogResponseCodec = envelope('ActivityLogResponse', { activity_log: ActivityLog }, {});
/** See {@link ActivityLogResponse}. */
export interface ActivityLogResponse extends t.TypeOf<typeof ActivityLogResponseCodec> {}
/** `{"activity_log": ActivityLog}`: `GET /activity_logs/{activity_id}`. */
export const ActivityLogResponse = named<ActivityLogResponse>(ActivityLogResponseCodec);

const ActivityLogsResponseCodec = envelope(
  'ActivityLogsResponse',
  { activity_logs: array(ActivityLog), meta: PaginationMeta },
  {},
);
/** See {@link ActivityLogsResponse}. */
export interface ActivityLogsResponse extends t.TypeOf<typeof ActivityLogsResponseCodec> {}
/** `{"activity_logs": ActivityLog[], "meta": PaginationMeta}`: `GET /activity_logs`. */
export const ActivityLogsResponse = named<ActivityLogsResponse>(ActivityLogsResponseCodec);

const PaymentReceiptsResponseCodec = envelope(
  'PaymentReceiptsResponse',
  { payment_receipts: array(PaymentReceipt), meta: PaginationMeta },
  {},
);
/** See {@link PaymentReceiptsResponse}. */
export interface PaymentReceiptsResponse extends t.TypeOf<typeof PaymentReceiptsResponseCodec> {}
/** `{"payment_receipts": PaymentReceipt[], "meta": PaginationMeta}`: `GET /payment_receipts`. */
export const PaymentReceiptsResponse = named<PaymentReceiptsResponse>(PaymentReceiptsResponseCodec);

const BillingEntitiesResponseCodec = envelope(
  'BillingEntitiesResponse',
  { billing_entities: array(BillingEntity) },
  {},
);
/** See {@link BillingEntitiesResponse}. */
export interface BillingEntitiesResponse extends t.TypeOf<typeof BillingEntitiesResponseCodec> {}
/** `{"billing_entities": BillingEntity[]}` (no `meta`): `GET /billing_entities`. */
export const BillingEntitiesResponse = named<BillingEntitiesResponse>(BillingEntitiesResponseCodec);

const WebhookEndpointResponseCodec = envelope(
  'WebhookEndpointResponse',
  { webhook_endpoint: WebhookEndpoint },
  {},
);
/** See {@link WebhookEndpointResponse}. */
export interface WebhookEndpointResponse extends t.TypeOf<typeof WebhookEndpointResponseCodec> {}
/** `{"webhook_endpoint": WebhookEndpoint}`: `GET /webhook_endpoints/{svc_id}`. */
export const WebhookEndpointResponse = named<WebhookEndpointResponse>(WebhookEndpointResponseCodec);

const CreateEventResponseCodec = envelope('CreateEventResponse', { event: UsageEventRecord }, {});
/** See {@link CreateEventResponse}. */
export interface CreateEventResponse extends t.TypeOf<typeof CreateEventResponseCodec> {}
/** `{"event": UsageEventRecord}`: `POST /events`. */
export const CreateEventResponse = named<CreateEventResponse>(CreateEventResponseCodec);
