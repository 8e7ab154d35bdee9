/**
 * `POST /invoices/preview` (the reference's invoice preview): the invoice a customer will be
 * issued, for a plan they would subscribe to or for their own subscriptions, with coupons,
 * computed by the engine's `previewInvoice` and never stored.
 */
import type {
  CustomerInput,
  PreviewAppliedCoupon,
  PreviewSubscription,
  UsageEvent,
} from '@feecast/engine';
import type {
  Customer,
  InvoicePreviewCoupon,
  InvoicePreviewRequest,
  Subscription,
  Timestamp,
  UsageEventRecord,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type ApiErrorResponse, notFound, validationErrors } from '../http/api-error';
import { customerCoupons } from '../state/customer-coupons';
import { eventLog } from '../state/event-index';
import { epochMs } from '../state/instant';
import { operationTaxes, planOf } from '../state/lookup';
import type { ServerState } from '../state/state';
import { type Handler, unchanged } from './handler';

/** The `external_id` of the subscription a `plan_code` preview imagines. */
export const PREVIEW_SUBSCRIPTION_ID = 'preview_subscription';
/** The `external_id` of a prospect (a preview's customer given without `external_id`). */
export const PREVIEW_CUSTOMER_ID = 'preview_customer';

/** Who the preview is for: a stored customer, or a prospect described by the body. */
type PreviewCustomer =
  | { readonly stored: Customer }
  | { readonly stored?: undefined; readonly prospect: CustomerInput };

function previewCustomer(
  state: ServerState,
  body: InvoicePreviewRequest,
): Either<ApiErrorResponse, PreviewCustomer> {
  const { external_id: externalId, integration_customers: integrations, ...fields } = body.customer;
  if (integrations !== undefined && integrations.length > 0) {
    return left(
      validationErrors({
        'customer.integration_customers': [
          "not_supported: taxes from a tax provider are not computed; the organization's and the customer's taxes apply",
        ],
      }),
    );
  }
  if (externalId !== undefined) {
    const stored = state.customers.find((c) => c.external_id === externalId);
    return stored === undefined ? left(notFound('customer')) : right({ stored });
  }
  const entity =
    body.billing_entity_code === undefined
      ? (state.billing_entities.find((e) => e.is_default) ?? state.billing_entities[0])
      : state.billing_entities.find((e) => e.code === body.billing_entity_code);
  if (entity === undefined) return left(notFound('billing_entity'));
  return right({
    prospect: { ...fields, external_id: PREVIEW_CUSTOMER_ID, billing_entity_code: entity.code },
  });
}

/** A `subscription_at` as an instant: a date is its midnight UTC. */
function startOf(at: string | undefined, now: Timestamp): string {
  if (at === undefined) return now;
  return at.length === 10 ? `${at}T00:00:00Z` : at;
}

/** What the invoice bills: the subscriptions with their plans and events, and the preview's instant. */
interface Billed {
  readonly subscriptions: readonly PreviewSubscription[];
  readonly events: readonly UsageEvent[];
  readonly now: string;
}

/** The customer's subscriptions named by `subscriptions.external_ids`, as stored. */
function storedSubscriptions(
  state: ServerState,
  customer: Customer,
  request: NonNullable<InvoicePreviewRequest['subscriptions']>,
  now: Timestamp,
): Either<ApiErrorResponse, Billed> {
  if (request.plan_code !== undefined) {
    return left(
      validationErrors({
        'subscriptions.plan_code': [
          'not_supported: a preview of a plan change is not computed; preview the new plan with plan_code and no subscriptions',
        ],
      }),
    );
  }
  if (request.external_ids.length === 0) {
    return left(validationErrors({ 'subscriptions.external_ids': ['value_is_mandatory'] }));
  }
  const subscriptions: PreviewSubscription[] = [];
  const ids = new Set<string>();
  for (const externalId of request.external_ids) {
    if (ids.has(externalId)) continue;
    ids.add(externalId);
    const subscription = state.subscriptions.find(
      (s) =>
        s.external_id === externalId &&
        s.external_customer_id === customer.external_id &&
        s.status === 'active',
    );
    if (subscription === undefined) return left(notFound('subscription'));
    const plan = planOf(state, subscription);
    if (plan === undefined) return left(notFound('plan'));
    const terminated: Subscription =
      request.terminated_at === undefined
        ? subscription
        : { ...subscription, terminated_at: request.terminated_at };
    subscriptions.push({ subscription: terminated, plan });
  }
  if (request.terminated_at !== undefined && epochMs(request.terminated_at) < epochMs(now)) {
    return left(validationErrors({ 'subscriptions.terminated_at': ['cannot_be_in_past'] }));
  }
  return right({
    subscriptions,
    events: eventsOf(state, ids),
    now,
  });
}

/** A new subscription to `plan_code` from `subscription_at` (default: now), with no usage yet. */
function newSubscription(
  state: ServerState,
  customer: PreviewCustomer,
  body: InvoicePreviewRequest & { readonly plan_code: string },
  now: Timestamp,
): Either<ApiErrorResponse, Billed> {
  const plan = state.plans.find((p) => p.code === body.plan_code);
  if (plan === undefined) return left(notFound('plan'));
  const start = startOf(body.subscription_at, now);
  const subscription = {
    external_id: PREVIEW_SUBSCRIPTION_ID,
    plan_code: plan.code,
    billing_time: body.billing_time ?? 'calendar',
    subscription_at: start,
    started_at: start,
    ...(customer.stored === undefined
      ? {}
      : {
          svc_customer_id: customer.stored.svc_id,
          external_customer_id: customer.stored.external_id,
        }),
  };
  // A subscription that starts later is previewed from its start.
  const at = epochMs(start) > epochMs(now) ? start : now;
  return right({ subscriptions: [{ subscription, plan }], events: [], now: at });
}

/**
 * The coupons of the preview: those of the body (a code alone names a stored coupon; else the
 * body describes the coupon, `coupon_type` required), or the stored customer's active applied
 * coupons.
 */
function previewCoupons(
  state: ServerState,
  customer: PreviewCustomer,
  coupons: readonly InvoicePreviewCoupon[] | undefined,
): Either<ApiErrorResponse, PreviewAppliedCoupon[]> {
  if (coupons === undefined) {
    return right(
      customer.stored === undefined ? [] : customerCoupons(state, customer.stored.svc_id),
    );
  }
  const out: PreviewAppliedCoupon[] = [];
  for (const [i, given] of coupons.entries()) {
    const stored = state.coupons.find((c) => c.code === given.code);
    const described = Object.keys(given).some((key) => key !== 'code');
    if (stored !== undefined && !described) {
      out.push({ coupon: stored });
      continue;
    }
    const { coupon_type: couponType, ...rest } = given;
    if (couponType === undefined) {
      return left(validationErrors({ [`coupons.${i}.coupon_type`]: ['value_is_mandatory'] }));
    }
    out.push({ coupon: { ...rest, coupon_type: couponType } });
  }
  return right(out);
}

/** The stored events of the subscriptions `ids`. */
export function eventsOf(
  state: ServerState,
  ids: ReadonlySet<string>,
): (UsageEventRecord & { readonly external_subscription_id: string })[] {
  type Named = UsageEventRecord & { readonly external_subscription_id: string };
  const events = eventLog(state.events);
  const out: Named[] = [];
  // The log holds under `id` the events that name it only (each subscription's in order).
  for (const id of ids) for (const event of events.ofSubscription(id).all) out.push(event as Named);
  return out;
}

/**
 * `POST /invoices/preview`: the customer (`customer.external_id`: a stored customer, else 404
 * `customer_not_found`; without it, a prospect of the body's fields on `billing_entity_code`'s
 * entity), then either `subscriptions.external_ids` (the customer's active subscriptions, with
 * their stored events, as if terminated at `subscriptions.terminated_at` when given) or
 * `plan_code` (a new subscription from `subscription_at`, default now, on `billing_time`,
 * default `calendar`), with the body's `coupons` (default: the customer's applied coupons) and
 * the customer's taxes. Answers `{ invoice }`; nothing is stored.
 *
 * @example
 * previewInvoice({ ..., body: { customer: { external_id: 'hooli_1234' }, plan_code: 'premium' } });
 * // right({ state, body: { invoice: { fees_amount_cents: ..., total_amount_cents: ... } } })
 */
export const previewInvoice: Handler<InvoicePreviewRequest> = (input) => {
  const { state, now, body } = input;
  const customer = previewCustomer(state, body);
  if (isLeft(customer)) return customer;
  let billed: Either<ApiErrorResponse, Billed>;
  if (body.subscriptions !== undefined) {
    if (body.plan_code !== undefined) {
      return left(
        validationErrors({ plan_code: ['give either plan_code or subscriptions, not both'] }),
      );
    }
    if (customer.right.stored === undefined) {
      return left(validationErrors({ 'customer.external_id': ['value_is_mandatory'] }));
    }
    billed = storedSubscriptions(state, customer.right.stored, body.subscriptions, now);
  } else if (body.plan_code !== undefined) {
    billed = newSubscription(state, customer.right, { ...body, plan_code: body.plan_code }, now);
  } else {
    return left(validationErrors({ plan_code: ['value_is_mandatory'] }));
  }
  if (isLeft(billed)) return billed;
  const appliedCoupons = previewCoupons(state, customer.right, body.coupons);
  if (isLeft(appliedCoupons)) return appliedCoupons;
  const stored = customer.right.stored;
  const taxes = operationTaxes(state, stored ?? {});
  const preview = input.operations.previewInvoice({
    customer: stored ?? customer.right.prospect,
    subscriptions: billed.right.subscriptions,
    billableMetrics: state.billable_metrics,
    events: billed.right.events,
    // A prospect has no taxes of its own: the organization's apply.
    taxes: { billing_entity: taxes.billing_entity ?? null, customer: taxes.customer ?? null },
    appliedCoupons: appliedCoupons.right,
    now: billed.right.now,
  });
  if (isLeft(preview)) return preview;
  return right(unchanged(state, { invoice: preview.right.invoice }));
};
