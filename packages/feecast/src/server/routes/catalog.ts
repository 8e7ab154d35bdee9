/**
 * The catalog: `GET /plans`, `GET /billable_metrics`, `PUT /billable_metrics/{code}` and
 * `POST /add_ons`.
 */
import { parseExpression } from '@feecast/engine/internal';
import type {
  AddOn,
  BillableMetric,
  CreateAddOnRequest,
  Plan,
  UpdateBillableMetricRequest,
} from '@feecast/models';
import { isLeft, left, right } from 'fp-ts/lib/Either.js';
import { invalidField, validationErrors } from '../http/api-error';
import { pageRequest, paginate } from '../http/pagination';
import { defined } from '../state/defined';
import { StateDraft } from '../state/draft';
import { findBillableMetric, planOf, taxesByCode } from '../state/lookup';
import { pruneChargeFilters } from '../state/prune-charge-filters';
import { replaceItem } from '../state/replace-item';
import type { PlanOverride, ServerState } from '../state/state';
import { planListView } from '../state/views';
import { type Handler, pathParam, unchanged } from './handler';

/**
 * `GET /plans`: the catalog plans (not the subscriptions' own copies), in stored order,
 * paginated; without `fixed_charges`, as the reference lists them.
 *
 * @example
 * listPlans({ ..., query: new Map([['per_page', ['1']]]) }); // right({ body: { plans: [plan], meta } })
 */
export const listPlans: Handler<undefined> = (input) => {
  const page = pageRequest(input.query);
  if (isLeft(page)) return page;
  const { items, meta } = paginate(input.state.plans, page.right);
  return right(unchanged(input.state, { plans: items.map(planListView), meta }));
};

/**
 * `GET /billable_metrics`: every billable metric, in stored order, paginated.
 *
 * @example
 * listBillableMetrics({ ..., query: new Map() }); // right({ body: { billable_metrics, meta } })
 */
export const listBillableMetrics: Handler<undefined> = (input) => {
  const page = pageRequest(input.query);
  if (isLeft(page)) return page;
  const { items, meta } = paginate(input.state.billable_metrics, page.right);
  return right(unchanged(input.state, { billable_metrics: items, meta }));
};

function attachedToSubscriptions(state: ServerState, code: string): boolean {
  return state.subscriptions.some(
    (s) =>
      (s.status === 'active' || s.status === 'pending') &&
      (planOf(state, s)?.charges.some((c) => c.billable_metric_code === code) ?? false),
  );
}

function renameInPlan(plan: Plan, from: string, to: string): Plan {
  if (from === to || !plan.charges.some((c) => c.billable_metric_code === from)) return plan;
  return {
    ...plan,
    charges: plan.charges.map((c) =>
      c.billable_metric_code === from ? { ...c, billable_metric_code: to } : c,
    ),
  };
}

/**
 * `plan` after its metric `from` became `next`: the new code carried to its charges and,
 * when the update gives `filters`, their charge filters pruned to them. Logs `plan.updated`
 * for a plan that changes.
 */
function cascadeToPlan(
  plan: Plan,
  from: string,
  next: BillableMetric,
  filtersUpdated: boolean,
  draft: StateDraft,
): Plan {
  const renamed = renameInPlan(plan, from, next.code);
  const after = filtersUpdated ? pruneChargeFilters(renamed, next.code, next.filters) : renamed;
  if (after !== plan) {
    draft.log({
      type: 'plan.updated',
      resourceType: 'Plan',
      resourceId: after.svc_id,
      before: plan,
      after,
    });
  }
  return after;
}

/**
 * `PUT /billable_metrics/{code}`: 404 `billable_metric_not_found`. As the reference, a
 * metric used by an active or pending subscription's plan keeps its code, aggregation,
 * field, expression, rounding and recurrence: only `name`, `description` and `filters`
 * change. 422 `value_already_exist` for a code another metric has, `value_is_mandatory` for
 * a `field_name` an aggregation needs (all but `count_agg`), `invalid_expression` for an
 * expression that does not parse. A new code is carried to the plans' charges (catalog
 * plans and subscriptions' copies). New `filters` prune those charges' filters as the
 * reference's service does (see prune-charge-filters.ts): a value or key the metric no
 * longer allows is removed, a charge filter left without a key is deleted. Logs
 * `billable_metric.updated`, then `plan.updated` for each plan that changes.
 *
 * @example
 * updateBillableMetric({ ..., params: new Map([['code', 'storage']]), body: { billable_metric: { name: 'Disk' } } });
 */
export const updateBillableMetric: Handler<UpdateBillableMetricRequest> = (input) => {
  const { state, now } = input;
  const metric = findBillableMetric(state, pathParam(input, 'code'));
  if (isLeft(metric)) return metric;
  const update = input.body.billable_metric;
  const locked = attachedToSubscriptions(state, metric.right.code);
  const next: BillableMetric = {
    ...metric.right,
    ...defined({ name: update.name, description: update.description, filters: update.filters }),
    ...(locked
      ? {}
      : defined({
          code: update.code,
          aggregation_type: update.aggregation_type,
          field_name: update.field_name,
          weighted_interval: update.weighted_interval,
          recurring: update.recurring,
          expression: update.expression,
          rounding_function: update.rounding_function,
          rounding_precision: update.rounding_precision,
        })),
  };
  if (next.code !== metric.right.code && state.billable_metrics.some((m) => m.code === next.code)) {
    return left(invalidField('code', 'value_already_exist'));
  }
  const details: Record<string, string[]> = {};
  if (next.code.trim() === '') details.code = ['value_is_mandatory'];
  if (next.name.trim() === '') details.name = ['value_is_mandatory'];
  if (next.aggregation_type !== 'count_agg' && (next.field_name ?? '').trim() === '') {
    details.field_name = ['value_is_mandatory'];
  }
  if (
    next.expression !== null &&
    next.expression.trim() !== '' &&
    isLeft(parseExpression(next.expression))
  ) {
    details.expression = ['invalid_expression'];
  }
  if (Object.keys(details).length > 0) return left(validationErrors(details));
  const draft = new StateDraft(state, now);
  draft.log({
    type: 'billable_metric.updated',
    resourceType: 'BillableMetric',
    resourceId: next.svc_id,
    before: metric.right,
    after: next,
  });
  const from = metric.right.code;
  const filtersUpdated = update.filters !== undefined;
  const plans = state.plans.map((p) => cascadeToPlan(p, from, next, filtersUpdated, draft));
  const planOverrides = state.plan_overrides.map((o): PlanOverride => {
    const plan = cascadeToPlan(o.plan, from, next, filtersUpdated, draft);
    return plan === o.plan ? o : { ...o, plan };
  });
  return right({
    state: draft.commit({
      billable_metrics: replaceItem(state.billable_metrics, metric.right, next),
      plans,
      plan_overrides: planOverrides,
    }),
    body: { billable_metric: next },
  });
};

/**
 * `POST /add_ons`: 422 `value_already_exist` for a code in use, `value_is_mandatory` for an
 * empty name or code, `value_is_out_of_range` for a negative amount; 404 `tax_not_found` for
 * an unknown tax code. Logs `add_on.created`.
 *
 * @example
 * createAddOn({ ..., body: { add_on: { name: 'Setup', code: 'setup', amount_cents: 5000, amount_currency: 'USD' } } });
 */
export const createAddOn: Handler<CreateAddOnRequest> = (input) => {
  const { state, now } = input;
  const body = input.body.add_on;
  const details: Record<string, string[]> = {};
  if (body.name.trim() === '') details.name = ['value_is_mandatory'];
  if (body.code.trim() === '') details.code = ['value_is_mandatory'];
  else if (state.add_ons.some((a) => a.code === body.code)) details.code = ['value_already_exist'];
  if (body.amount_cents < 0) details.amount_cents = ['value_is_out_of_range'];
  if (Object.keys(details).length > 0) return left(validationErrors(details));
  const taxes = taxesByCode(state, body.tax_codes ?? []);
  if (isLeft(taxes)) return taxes;
  const draft = new StateDraft(state, now);
  const addOn: AddOn = {
    svc_id: draft.newId(),
    name: body.name,
    invoice_display_name: body.invoice_display_name ?? null,
    code: body.code,
    description: body.description ?? null,
    amount_cents: body.amount_cents,
    amount_currency: body.amount_currency,
    created_at: now,
    taxes: taxes.right,
  };
  draft.log({
    type: 'add_on.created',
    resourceType: 'AddOn',
    resourceId: addOn.svc_id,
    before: null,
    after: addOn,
  });
  return right({
    state: draft.commit({ add_ons: [...state.add_ons, addOn] }),
    body: { add_on: addOn },
  });
};
