/**
 * `PUT /subscriptions/{external_id}` and `GET /subscriptions`.
 */
import { sameData } from '@feecast/engine/internal';
import type {
  ActivationRule,
  Subscription,
  SubscriptionUpdate,
  UpdateSubscriptionRequest,
} from '@feecast/models';
import { isLeft, left, right } from 'fp-ts/lib/Either.js';
import { invalidField, notFound } from '../http/api-error';
import { pageRequest, paginate } from '../http/pagination';
import { queryValue, queryValues } from '../http/query';
import type { ActivityEntry } from '../state/activity';
import { defined } from '../state/defined';
import { StateDraft } from '../state/draft';
import { epochMs, notAfter } from '../state/instant';
import { planOf } from '../state/lookup';
import { newestFirst } from '../state/order';
import { replaceItem } from '../state/replace-item';
import type { PlanOverride, ServerState } from '../state/state';
import { subscriptionListView, subscriptionView } from '../state/views';
import { type Handler, pathParam, unchanged } from './handler';
import { overriddenPlan } from './plan-overrides';

/**
 * The subscription an update targets: the one with this external id and `status`; with
 * several (a pending one may follow another), the most recently created.
 */
function target(state: ServerState, externalId: string, status: string): Subscription | undefined {
  return state.subscriptions
    .filter((s) => s.external_id === externalId && s.status === status)
    .reduce<Subscription | undefined>(
      (latest, s) =>
        latest === undefined || epochMs(s.created_at) > epochMs(latest.created_at) ? s : latest,
      undefined,
    );
}

function activationRules(
  update: SubscriptionUpdate,
  draft: StateDraft,
): ActivationRule[] | undefined {
  return update.activation_rules?.map((rule) => ({
    svc_id: draft.newId(),
    type: rule.type,
    timeout_hours: rule.timeout_hours ?? null,
    status: 'inactive',
    expires_at: null,
    created_at: draft.now,
    updated_at: draft.now,
  }));
}

function withStart(
  state: ServerState,
  subscription: Subscription,
  update: SubscriptionUpdate,
  now: string,
): Subscription {
  // The reference changes `subscription_at` of a subscription that has not started only;
  // one moved to now or earlier starts (unless another is active under the same id).
  if (subscription.status !== 'pending' || update.subscription_at === undefined)
    return subscription;
  const moved = { ...subscription, subscription_at: update.subscription_at };
  const otherActive = state.subscriptions.some(
    (s) => s.external_id === subscription.external_id && s.status === 'active',
  );
  return notAfter(update.subscription_at, now) && !otherActive
    ? { ...moved, status: 'active', started_at: update.subscription_at }
    : moved;
}

/**
 * The activity entry of a change of `subscription` to `next` (`subscription.updated`,
 * `.started`, `.terminated`), the subscription as lists show it.
 *
 * @example
 * draft.log(subscriptionEntry('subscription.started', pending, started));
 */
export function subscriptionEntry(
  type: string,
  subscription: Subscription,
  next: Subscription,
): ActivityEntry {
  return {
    type,
    resourceType: 'Subscription',
    resourceId: next.svc_id,
    before: subscriptionListView(subscription),
    after: subscriptionListView(next),
    externalCustomerId: next.external_customer_id,
    externalSubscriptionId: next.external_id,
  };
}

/**
 * `PUT /subscriptions/{external_id}`: targets the subscription with `status` (body, then
 * query; default `active`), so a pending subscription sharing the id of an active one is
 * updated only with `status: pending`. 404 `subscription_not_found`; 422 `invalid_date` for an
 * `ending_at` not in the future; 404 for an unknown billing entity, charge, fixed charge or
 * tax code. `plan_overrides` (and `usage_thresholds`) give the subscription its own plan.
 * Logs `subscription.updated`, and `plan.created` (the subscription's first copy of its plan)
 * or `plan.updated` (a change to that copy).
 *
 * @example
 * updateSubscription({ ..., params: new Map([['external_id', 'sub_1']]), body: { subscription: { name: 'B' } } });
 */
export const updateSubscription: Handler<UpdateSubscriptionRequest> = (input) => {
  const { state, now } = input;
  const status = input.body.status ?? queryValue(input.query, 'status') ?? 'active';
  const subscription = target(state, pathParam(input, 'external_id'), status);
  if (subscription === undefined) return left(notFound('subscription'));
  const update = input.body.subscription;
  if (
    update.ending_at !== undefined &&
    update.ending_at !== null &&
    notAfter(update.ending_at, now)
  ) {
    return left(invalidField('ending_at', 'invalid_date'));
  }
  if (
    update.billing_entity_code !== undefined &&
    !state.billing_entities.some((b) => b.code === update.billing_entity_code)
  ) {
    return left(notFound('billing_entity'));
  }
  const draft = new StateDraft(state, now);
  let next: Subscription = withStart(
    state,
    {
      ...subscription,
      ...defined({
        name: update.name,
        ending_at: update.ending_at,
        on_termination_credit_note: update.on_termination_credit_note,
        on_termination_invoice: update.on_termination_invoice,
        progressive_billing_disabled: update.progressive_billing_disabled,
        consolidate_invoice: update.consolidate_invoice,
        billing_entity_code: update.billing_entity_code,
        purchase_order_number: update.purchase_order_number,
        activation_rules: activationRules(update, draft),
        payment_method:
          update.payment_method === undefined
            ? undefined
            : {
                payment_method_type: update.payment_method.payment_method_type,
                payment_method_id: update.payment_method.payment_method_id ?? null,
              },
      }),
    },
    update,
    now,
  );
  let planOverrides = state.plan_overrides;
  if (update.plan_overrides !== undefined || update.usage_thresholds !== undefined) {
    const current = planOf(state, subscription);
    const catalog = state.plans.find((p) => p.code === subscription.plan_code);
    if (current === undefined || catalog === undefined) return left(notFound('plan'));
    const plan = overriddenPlan(
      state,
      current,
      catalog,
      { overrides: update.plan_overrides, usageThresholds: update.usage_thresholds },
      draft,
    );
    if (isLeft(plan)) return plan;
    const entry: PlanOverride = { svc_subscription_id: subscription.svc_id, plan: plan.right };
    const previous = state.plan_overrides.find(
      (o) => o.svc_subscription_id === subscription.svc_id,
    );
    if (previous === undefined || !sameData(previous.plan, plan.right)) {
      draft.log({
        type: previous === undefined ? 'plan.created' : 'plan.updated',
        resourceType: 'Plan',
        resourceId: plan.right.svc_id,
        before: previous?.plan ?? null,
        after: plan.right,
      });
    }
    planOverrides = [
      ...state.plan_overrides.filter((o) => o.svc_subscription_id !== subscription.svc_id),
      entry,
    ];
    if (plan.right.amount_cents !== null)
      next = { ...next, plan_amount_cents: plan.right.amount_cents };
    next = { ...next, plan_amount_currency: plan.right.amount_currency };
  }
  draft.log(subscriptionEntry('subscription.updated', subscription, next));
  const nextState = draft.commit({
    subscriptions: replaceItem(state.subscriptions, subscription, next),
    plan_overrides: planOverrides,
  });
  return right({ state: nextState, body: { subscription: subscriptionView(nextState, next) } });
};

/**
 * `GET /subscriptions`: filtered by `external_customer_id` and `status[]` (default: active
 * only, as the reference), newest first, paginated.
 *
 * @example
 * listSubscriptions({ ..., query: new Map([['external_customer_id', ['hooli_1234']]]) });
 * // right({ body: { subscriptions: [...], meta: {...} } })
 */
export const listSubscriptions: Handler<undefined> = (input) => {
  const page = pageRequest(input.query);
  if (isLeft(page)) return page;
  const customer = queryValue(input.query, 'external_customer_id');
  const statuses = queryValues(input.query, 'status[]');
  const wanted = statuses.length === 0 ? ['active'] : statuses;
  const items = newestFirst(
    input.state.subscriptions.filter(
      (s) =>
        (customer === undefined || s.external_customer_id === customer) &&
        wanted.includes(s.status),
    ),
    (s) => s.created_at,
  );
  const { items: pageItems, meta } = paginate(items, page.right);
  return right(
    unchanged(input.state, { subscriptions: pageItems.map(subscriptionListView), meta }),
  );
};
