/**
 * `PUT /wallets/{svc_id}`: updates a wallet's settings, scope and recurring rules. Balances
 * are not updatable here (wallet transactions move them).
 */
import type {
  RecurringTransactionRule,
  RecurringTransactionRuleInput,
  UpdateWalletRequest,
  Wallet,
  WalletUpdate,
} from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type ApiErrorResponse, invalidField, notFound, validationErrors } from '../http/api-error';
import { findByParam } from '../http/path-resource';
import { asDecimalString } from '../state/brands';
import { defined } from '../state/defined';
import { StateDraft } from '../state/draft';
import { notAfter } from '../state/instant';
import { replaceItem } from '../state/replace-item';
import type { ServerState } from '../state/state';
import type { Handler } from './handler';

/** The lowest priority of a wallet (consumed last); priorities run from 1 to this. */
const LOWEST_PRIORITY = 50;

function checkLimits(wallet: Wallet, update: WalletUpdate): ApiErrorResponse | undefined {
  const details: Record<string, string[]> = {};
  if (update.priority !== undefined && (update.priority < 1 || update.priority > LOWEST_PRIORITY)) {
    details.priority = ['value_is_invalid'];
  }
  const min =
    update.paid_top_up_min_amount_cents === undefined
      ? wallet.paid_top_up_min_amount_cents
      : update.paid_top_up_min_amount_cents;
  const max =
    update.paid_top_up_max_amount_cents === undefined
      ? wallet.paid_top_up_max_amount_cents
      : update.paid_top_up_max_amount_cents;
  if (min !== null && min <= 0) details.paid_top_up_min_amount_cents = ['value_is_out_of_range'];
  if (max !== null && max <= 0) details.paid_top_up_max_amount_cents = ['value_is_out_of_range'];
  else if (min !== null && max !== null && max < min) {
    details.paid_top_up_max_amount_cents = ['must_be_greater_than_or_equal_min'];
  }
  return Object.keys(details).length > 0 ? validationErrors(details) : undefined;
}

function checkReferences(
  state: ServerState,
  update: WalletUpdate,
  now: string,
): ApiErrorResponse | undefined {
  if (
    update.expiration_at !== undefined &&
    update.expiration_at !== null &&
    notAfter(update.expiration_at, now)
  ) {
    return invalidField('expiration_at', 'invalid_date');
  }
  if (
    update.billing_entity_code !== undefined &&
    !state.billing_entities.some((b) => b.code === update.billing_entity_code)
  ) {
    return notFound('billing_entity');
  }
  const codes = update.applies_to?.billable_metric_codes ?? [];
  if (!codes.every((code) => state.billable_metrics.some((m) => m.code === code))) {
    return notFound('billable_metric');
  }
  return undefined;
}

const DEFAULT_PAYMENT_METHOD = {
  payment_method_type: 'provider',
  payment_method_id: null,
} as const;

function ruleFields(input: RecurringTransactionRuleInput) {
  return defined({
    trigger: input.trigger,
    method: input.method,
    interval: input.interval,
    threshold_credits: input.threshold_credits,
    paid_credits: input.paid_credits ?? undefined,
    granted_credits: input.granted_credits ?? undefined,
    grants_target_top_up: input.grants_target_top_up,
    started_at: input.started_at,
    expiration_at: input.expiration_at,
    target_ongoing_balance: input.target_ongoing_balance,
    invoice_requires_successful_payment: input.invoice_requires_successful_payment,
    ignore_paid_top_up_limits: input.ignore_paid_top_up_limits,
    transaction_name: input.transaction_name,
    transaction_metadata: input.transaction_metadata,
    purchase_order_number: input.purchase_order_number,
    payment_method:
      input.payment_method === undefined
        ? undefined
        : {
            payment_method_type: input.payment_method.payment_method_type,
            payment_method_id: input.payment_method.payment_method_id ?? null,
          },
  });
}

function validRule(rule: RecurringTransactionRule): boolean {
  if (rule.method === 'target') {
    return rule.target_ongoing_balance !== null && rule.target_ongoing_balance !== undefined;
  }
  return true;
}

function rules(
  wallet: Wallet,
  inputs: readonly RecurringTransactionRuleInput[],
  draft: StateDraft,
): Either<ApiErrorResponse, RecurringTransactionRule[]> {
  const result: RecurringTransactionRule[] = [];
  for (const input of inputs) {
    let rule: RecurringTransactionRule;
    if (input.svc_id !== undefined) {
      const existing = wallet.recurring_transaction_rules.find((r) => r.svc_id === input.svc_id);
      if (existing === undefined) return left(notFound('recurring_transaction_rule'));
      rule = { ...existing, ...ruleFields(input) };
    } else {
      if (input.trigger === undefined) {
        return left(invalidField('recurring_transaction_rules', 'invalid_recurring_rule'));
      }
      rule = {
        svc_id: draft.newId(),
        trigger: input.trigger,
        method: 'fixed',
        interval: 'monthly',
        status: 'active',
        threshold_credits: asDecimalString('0.0'),
        paid_credits: asDecimalString('0.0'),
        granted_credits: asDecimalString('0.0'),
        target_ongoing_balance: null,
        started_at: null,
        created_at: draft.now,
        expiration_at: null,
        invoice_requires_successful_payment: false,
        ignore_paid_top_up_limits: false,
        transaction_metadata: [],
        transaction_name: null,
        applied_invoice_custom_sections: [],
        payment_method: DEFAULT_PAYMENT_METHOD,
        ...ruleFields(input),
      };
    }
    if (!validRule(rule)) {
      return left(invalidField('recurring_transaction_rules', 'invalid_recurring_rule'));
    }
    result.push(rule);
  }
  return right(result);
}

function updated(wallet: Wallet, update: WalletUpdate): Wallet {
  const next: Wallet = {
    ...wallet,
    ...defined({
      name: update.name,
      code: update.code,
      priority: update.priority,
      expiration_at: update.expiration_at,
      invoice_requires_successful_payment: update.invoice_requires_successful_payment,
      paid_top_up_min_amount_cents: update.paid_top_up_min_amount_cents,
      paid_top_up_max_amount_cents: update.paid_top_up_max_amount_cents,
      billing_entity_code: update.billing_entity_code,
      purchase_order_number: update.purchase_order_number,
      applies_to:
        update.applies_to === undefined
          ? undefined
          : {
              fee_types: update.applies_to?.fee_types ?? [],
              billable_metric_codes: update.applies_to?.billable_metric_codes ?? [],
            },
      payment_method:
        update.payment_method === undefined
          ? undefined
          : {
              payment_method_type: update.payment_method.payment_method_type,
              payment_method_id: update.payment_method.payment_method_id ?? null,
            },
    }),
  };
  if (update.metadata === undefined) return next;
  // The reference leaves `metadata` out when a wallet has none.
  const { metadata: _dropped, ...rest } = next;
  return update.metadata === null || Object.keys(update.metadata).length === 0
    ? rest
    : { ...rest, metadata: update.metadata };
}

/**
 * `PUT /wallets/{svc_id}`: 404 `wallet_not_found`; 422 for a priority outside 1..50, paid
 * top-up limits that are not positive or whose maximum is below the minimum, or an
 * `expiration_at` that is not in the future; 404 for an unknown billing entity, billable
 * metric or recurring rule id. Rules are replaced by the list given (a rule with `svc_id`
 * updates that rule; one without creates a rule); logs `wallet.updated`.
 *
 * @example
 * updateWallet({ state, now, params: new Map([['svc_id', id]]), body: { wallet: { name: 'Main' } }, ... });
 * // right({ state: next, body: { wallet: { ...wallet, name: 'Main' } } })
 */
export const updateWallet: Handler<UpdateWalletRequest> = (input) => {
  const { state, now } = input;
  const wallet = findByParam(input, 'wallets', 'svc_id', 'wallet');
  if (isLeft(wallet)) return wallet;
  const update = input.body.wallet;
  const problem = checkLimits(wallet.right, update) ?? checkReferences(state, update, now);
  if (problem !== undefined) return left(problem);
  const draft = new StateDraft(state, now);
  let next = updated(wallet.right, update);
  if (update.recurring_transaction_rules !== undefined) {
    const built = rules(wallet.right, update.recurring_transaction_rules, draft);
    if (isLeft(built)) return built;
    next = { ...next, recurring_transaction_rules: built.right };
  }
  draft.log({
    type: 'wallet.updated',
    resourceType: 'Wallet',
    resourceId: next.svc_id,
    before: wallet.right,
    after: next,
    externalCustomerId: next.external_customer_id,
  });
  return right({
    state: draft.commit({ wallets: replaceItem(state.wallets, wallet.right, next) }),
    body: { wallet: next },
  });
};
