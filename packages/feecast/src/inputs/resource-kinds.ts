/**
 * The kinds of resource the commands read from files, with the codec of each and the root
 * keys of the API's envelopes (`{"plan": ...}`, `{"plans": [...], "meta": ...}`).
 */
import {
  AddOn,
  AppliedCoupon,
  BillableMetric,
  Coupon,
  Customer,
  type decode,
  Invoice,
  Plan,
  Subscription,
  Tax,
  Wallet,
} from '@feecast/models';

/** The TypeScript type of each kind of resource, keyed by its singular root key. */
export interface Resources {
  readonly plan: Plan;
  readonly billable_metric: BillableMetric;
  readonly subscription: Subscription;
  readonly customer: Customer;
  readonly tax: Tax;
  readonly coupon: Coupon;
  readonly applied_coupon: AppliedCoupon;
  readonly wallet: Wallet;
  readonly add_on: AddOn;
  readonly invoice: Invoice;
}

/** A kind of resource: `plan`, `billable_metric`, `wallet`... */
export type ResourceKind = keyof Resources;

/** What the loader knows about one kind of resource. */
export interface ResourceKindInfo<A> {
  /** The codec of one resource. */
  readonly codec: Parameters<typeof decode<A>>[0];
  /** The root key of a single-resource envelope (`plan`). */
  readonly singular: string;
  /** The root key of a list envelope (`plans`). */
  readonly plural: string;
  /** How the resource is called in messages (`billable metric`). */
  readonly label: string;
  /** The endpoint a file of this kind usually comes from, for hints. */
  readonly source: string;
}

/**
 * Every kind of resource a command reads, with its codec and envelope keys.
 *
 * @example
 * RESOURCE_KINDS.billable_metric.plural // 'billable_metrics'
 */
export const RESOURCE_KINDS: { readonly [K in ResourceKind]: ResourceKindInfo<Resources[K]> } = {
  plan: { codec: Plan, singular: 'plan', plural: 'plans', label: 'plan', source: 'GET /plans' },
  billable_metric: {
    codec: BillableMetric,
    singular: 'billable_metric',
    plural: 'billable_metrics',
    label: 'billable metric',
    source: 'GET /billable_metrics',
  },
  subscription: {
    codec: Subscription,
    singular: 'subscription',
    plural: 'subscriptions',
    label: 'subscription',
    source: 'GET /subscriptions',
  },
  customer: {
    codec: Customer,
    singular: 'customer',
    plural: 'customers',
    label: 'customer',
    source: 'GET /customers/{external_id}',
  },
  tax: { codec: Tax, singular: 'tax', plural: 'taxes', label: 'tax', source: 'GET /taxes' },
  coupon: {
    codec: Coupon,
    singular: 'coupon',
    plural: 'coupons',
    label: 'coupon',
    source: 'GET /coupons',
  },
  applied_coupon: {
    codec: AppliedCoupon,
    singular: 'applied_coupon',
    plural: 'applied_coupons',
    label: 'applied coupon',
    source: 'GET /applied_coupons',
  },
  wallet: {
    codec: Wallet,
    singular: 'wallet',
    plural: 'wallets',
    label: 'wallet',
    source: 'GET /wallets',
  },
  add_on: {
    codec: AddOn,
    singular: 'add_on',
    plural: 'add_ons',
    label: 'add-on',
    source: 'GET /add_ons',
  },
  invoice: {
    codec: Invoice,
    singular: 'invoice',
    plural: 'invoices',
    label: 'invoice',
    source: 'GET /invoices',
  },
};

/**
 * The kinds, in a fixed order.
 *
 * @example
 * RESOURCE_KIND_NAMES.includes('wallet') // true
 */
export const RESOURCE_KIND_NAMES: readonly ResourceKind[] = [
  'plan',
  'billable_metric',
  'subscription',
  'customer',
  'tax',
  'coupon',
  'applied_coupon',
  'wallet',
  'add_on',
  'invoice',
];
