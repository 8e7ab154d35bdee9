import type { CreditNote, Subscription } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { type WithAsyncEvents, withBatchedEvents } from '../../aggregation/index';
import {
  derivedId,
  type FeecastError,
  feecastError,
  formatInstant,
  isRecord,
  orThrow,
  parseInstant,
} from '../../core/index';
import {
  type PlanInput,
  readBillableMetrics,
  readCustomer,
  readPlan,
  readSubscription,
  type SubscriptionInput,
} from '../../inputs/index';
import { terminationCreditNote } from '../../invoice/index';
import { type PlanChangeKind, planChangeKind, subscriptionRun } from '../../periods/index';
import { materialized } from '../compare-plans/compare-plans';
import { afterInvoice, type Carried, carriedState } from '../preview-invoice/carried';
import type { PreviewInvoiceInput, PreviewSubscription } from '../preview-invoice/inputs';
import { type InvoicePreview, previewInvoice } from '../preview-invoice/preview-invoice';

/** The input of {@link previewPlanChange}: `previewInvoice`'s, for one subscription changing plan. */
export interface PlanChangeInput
  extends Omit<PreviewInvoiceInput, 'subscriptions' | 'now' | 'addOns' | 'progressiveBilling'> {
  /** The subscription as it is now, on `plan` (its `plan_overrides` may ride on it). */
  readonly subscription: SubscriptionInput;
  /** The plan the subscription is on. */
  readonly plan: PlanInput;
  /** The plan it moves to (same currency). */
  readonly newPlan: PlanInput;
  /** When the change is asked (ISO 8601): an upgrade takes effect then, a downgrade at the period's end. */
  readonly at: string;
}

/**
 * What an invoice of a plan change is: `termination`, the last invoice of the subscription on
 * the old plan (at the upgrade, or at the period's end for a downgrade); `start`, the new
 * plan's pay-in-advance subscription fee for its first period, billed when it starts; and
 * `first_period`, the new plan's invoice at the end of its first period.
 */
export type PlanChangeInvoiceKind = 'termination' | 'start' | 'first_period';

/** One invoice a plan change produces. */
export interface PlanChangeInvoice {
  readonly kind: PlanChangeInvoiceKind;
  /** The plan the invoice bills (the old plan's code for `termination`, else the new one's). */
  readonly plan_code: string;
  /** When the invoice is issued: its billing run (`invoice.created_at`). */
  readonly issued_at: string;
  readonly preview: InvoicePreview;
}

/** The result of {@link previewPlanChange}. */
export interface PlanChangePreview {
  /** By the reference's rule: an upgrade when the new plan's yearly amount is at least the old one's. */
  readonly kind: PlanChangeKind;
  /** When the new plan starts: `at` for an upgrade, the end of the current period for a downgrade. */
  readonly effective_at: string;
  /** The subscription on the new plan (same external id, anniversary kept, started at `effective_at`). */
  readonly new_subscription: Subscription;
  /** The invoices in the order they are issued; coupons, credit notes and wallets carry from each to the next. */
  readonly invoices: readonly PlanChangeInvoice[];
  /**
   * An upgrade from a plan paid in advance: the credit note that gives back the old plan's
   * fee for the unused days of the period (invoicing.md §9.7), issued at the change on the
   * invoice that billed that fee; its credit goes to the invoices that follow. `null`
   * otherwise, or when nothing is left to credit.
   */
  readonly termination_credit_note: CreditNote | null;
}

/**
 * The invoices a change of plan at `at` produces (invoicing.md §8, periods.md §1.2, §4.2, §6),
 * each computed by `previewInvoice`, the code that bills, in the order issued:
 *
 * - **upgrade** (the new plan's yearly amount is at least the old one's: `planChangeKind`):
 *   immediate. The old subscription is terminated at `at` and its termination invoice bills
 *   its usage charges up to `at` and, for a plan in arrears, its subscription fee prorated to
 *   the termination day less one day (the switch day is billed on the new plan); the new
 *   subscription starts at `at` (same `external_id`, the old `subscription_at`, so the
 *   anniversary is kept): a pay-in-advance new plan bills its first period's fee prorated
 *   from the switch day at once (`start`); then the new plan's invoice at the end of its first
 *   period (`first_period`).
 * - **downgrade**: at the end of the current period. The old subscription runs to the period's
 *   end and is terminated there: its last invoice bills the whole period (no day less, no
 *   next period's fee); the new subscription starts with the next period (`start` for a
 *   pay-in-advance plan, then `first_period`).
 *
 * `events` are routed by the invoices' charges periods: the old plan's up to the change, the
 * new plan's after it (an iterable read more than once is read into a columnar batch first;
 * an asynchronous one gives a `Promise`). Applied coupons, wallets, their transactions and
 * credit notes as each invoice leaves them go on to the next. On an upgrade from a plan paid
 * in advance, the old plan's fee for the days after the switch day (one day less for an
 * upgrade) is given back as the reference does, by a credit note on the invoice that billed
 * it (`terminationCreditNote`, invoicing.md §9.7): `termination_credit_note`, whose credit
 * the invoices that follow consume. Bad input is a `Left` with the field's path; it never
 * throws.
 *
 * @example
 * // acme moves from Starter (49.00 EUR a month, in arrears) to Growth (199.00 EUR, in arrears)
 * // on 16 November 2026, with no usage: an upgrade (Growth is worth more), so at once. Starter
 * // bills 1-15 November when it ends: 49.00 x 15/30 = 24.50 EUR; Growth's first period, 16-30
 * // November, is billed on 1 December: 199.00 x 15/30 = 99.50 EUR.
 * previewPlanChange({
 *   customer, subscription, plan, newPlan: growth, billableMetrics, events: [],
 *   at: '2026-11-16T00:00:00Z',
 * })
 * // ~> right({ kind: 'upgrade', effective_at: '2026-11-16T00:00:00Z', invoices: [
 * //   { kind: 'termination', plan_code: 'starter', preview: { invoice: { fees_amount_cents: 2450 } } },
 * //   { kind: 'first_period', plan_code: 'growth', issued_at: '2026-12-01T00:00:00Z', preview: { invoice: { fees_amount_cents: 9950 } } }] })
 */
export function previewPlanChange(
  input: WithAsyncEvents<PlanChangeInput>,
): Promise<Either<FeecastError, PlanChangePreview>>;
export function previewPlanChange(input: PlanChangeInput): Either<FeecastError, PlanChangePreview>;
export function previewPlanChange(
  input: PlanChangeInput | WithAsyncEvents<PlanChangeInput>,
): Either<FeecastError, PlanChangePreview> | Promise<Either<FeecastError, PlanChangePreview>> {
  return withBatchedEvents(input, previewPlanChangeNow);
}

/**
 * {@link previewPlanChange}, throwing an `Error` (its `cause` is the `FeecastError`) instead of
 * returning a `Left`.
 *
 * @example
 * // Growth (199.00 EUR a month) is worth more than Starter (49.00 EUR): an upgrade.
 * previewPlanChangeUnsafe({
 *   customer, subscription, plan, newPlan: growth, billableMetrics, events: [],
 *   at: '2026-11-16T00:00:00Z',
 * }).kind // => 'upgrade'
 */
export function previewPlanChangeUnsafe(input: PlanChangeInput): PlanChangePreview {
  return orThrow(previewPlanChange(input));
}

function invalid(path: readonly string[], message: string): Either<FeecastError, never> {
  return left(feecastError('invalid_input', message, path));
}

/** The change's kind and effective instant, the subscriptions before and after it. */
interface ChangeFacts {
  readonly kind: PlanChangeKind;
  readonly at: string;
  readonly effective: string;
  readonly old: Subscription;
  readonly fresh: Subscription;
  /** The new plan is paid in advance: its first period's fee is billed when it starts. */
  readonly newInAdvance: boolean;
  readonly oldCode: string;
  readonly newCode: string;
  /** The old plan is paid in advance: its fee for the current period was billed when it opened. */
  readonly oldInAdvance: boolean;
  /** Where the old subscription's current period starts. */
  readonly periodFrom: string;
}

/** Checks the input and finds when the change takes effect. */
function changeFacts(input: PlanChangeInput): Either<FeecastError, ChangeFacts> {
  if (!isRecord(input)) {
    return invalid(
      [],
      'previewPlanChange expects an object { customer, subscription, plan, newPlan, at, billableMetrics, events, ... }.',
    );
  }
  const at = parseInstant(input.at, ['at']);
  if (isLeft(at)) return at;
  const customer = readCustomer(input.customer, ['customer']);
  if (isLeft(customer)) return customer;
  const metrics = readBillableMetrics(input.billableMetrics, ['billableMetrics']);
  if (isLeft(metrics)) return metrics;
  const plan = readPlan(input.plan, ['plan'], metrics.right);
  if (isLeft(plan)) return plan;
  const newPlan = readPlan(input.newPlan, ['newPlan'], metrics.right);
  if (isLeft(newPlan)) return newPlan;
  if (newPlan.right.amount_currency !== plan.right.amount_currency) {
    return left(
      feecastError(
        'currency_mismatch',
        `newPlan.amount_currency is ${newPlan.right.amount_currency} but the subscription's plan is in ${plan.right.amount_currency}: a plan change keeps the currency.`,
        ['newPlan', 'amount_currency'],
      ),
    );
  }
  const old = readSubscription(input.subscription, ['subscription'], {
    customer: customer.right,
    plan: plan.right,
  });
  if (isLeft(old)) return old;
  const kind = planChangeKind(plan.right, newPlan.right);
  if (isLeft(kind)) return kind;
  const atText = formatInstant(at.right);
  // Where the current period ends: the next billing run seen from `at`.
  const run = subscriptionRun({
    plan: plan.right,
    subscription: old.right,
    timezone: customer.right.applicable_timezone,
    now: atText,
    path: [],
  });
  if (isLeft(run)) return left(relocated(run.left));
  if (run.right.terminating) {
    return invalid(
      ['subscription', old.right.terminated_at === null ? 'ending_at' : 'terminated_at'],
      `The subscription ends at ${run.right.run}, before or at the end of the period that contains at: there is no plan to change to after it.`,
    );
  }
  const effective = kind.right === 'upgrade' ? atText : run.right.run;
  const { plan_overrides: _overrides, ...kept } = old.right as Subscription & {
    readonly plan_overrides?: unknown;
  };
  const fresh = readSubscription(
    {
      ...kept,
      svc_id: derivedId('subscription', old.right.svc_id, 'plan_change', newPlan.right.code),
      plan_code: newPlan.right.code,
      plan_amount_cents: newPlan.right.amount_cents ?? 0,
      plan_amount_currency: newPlan.right.amount_currency,
      status: 'active',
      created_at: effective,
      started_at: effective,
      terminated_at: null,
      ending_at: null,
      canceled_at: null,
      trial_ended_at: null,
      previous_plan_code: plan.right.code,
      next_plan_code: null,
      downgrade_plan_date: null,
    },
    ['subscription'],
    { customer: customer.right, plan: newPlan.right },
  );
  if (isLeft(fresh)) return fresh;
  return right({
    kind: kind.right,
    at: atText,
    effective,
    old: old.right,
    fresh: fresh.right,
    newInAdvance: newPlan.right.pay_in_advance,
    oldCode: plan.right.code,
    newCode: newPlan.right.code,
    oldInAdvance: plan.right.pay_in_advance,
    periodFrom: run.right.closing.from_datetime,
  });
}

/** An error of the period stages, with a path in this operation's input. */
function relocated(error: FeecastError): FeecastError {
  const [head, ...rest] = error.path ?? [];
  if (head === 'now') return { ...error, path: ['at', ...rest] };
  return error;
}

/** {@link previewPlanChange} of events given as an iterable or a batch. */
function previewPlanChangeNow(input: PlanChangeInput): Either<FeecastError, PlanChangePreview> {
  const facts = changeFacts(input);
  if (isLeft(facts)) return facts;
  const { kind, at, effective, old, fresh } = facts.right;
  const { subscription: _s, plan, newPlan, at: _at, ...shared } = input;
  const events = materialized(input.events);
  const ending: PreviewSubscription = {
    // The old subscription as the change leaves it: terminated when the new plan starts.
    subscription: {
      ...old,
      terminated_at: effective,
      status: 'terminated',
      next_plan_code: facts.right.newCode,
    } as unknown as SubscriptionInput,
    plan,
    nextPlan: newPlan,
  };
  const starting: PreviewSubscription = { subscription: fresh, plan: newPlan };
  const steps: {
    readonly kind: PlanChangeInvoiceKind;
    readonly entry: PreviewSubscription;
    readonly now: string;
  }[] = [{ kind: 'termination', entry: ending, now: at }];
  if (facts.right.newInAdvance) {
    steps.push({ kind: 'start', entry: { ...starting, starting: true }, now: effective });
  }
  steps.push({ kind: 'first_period', entry: starting, now: effective });

  let carried = carriedState(shared);
  const note =
    kind === 'upgrade' && facts.right.oldInAdvance
      ? terminationCredit(facts.right, { ...shared, events }, plan)
      : right(null);
  if (isLeft(note)) return note;
  if (note.right !== null) carried = withCreditNote(carried, note.right);
  const invoices: PlanChangeInvoice[] = [];
  for (const step of steps) {
    const preview = previewInvoice({
      ...shared,
      ...carried,
      events,
      subscriptions: [step.entry],
      now: step.now,
    });
    if (isLeft(preview)) return left(inChangeTerms(preview.left, step.kind));
    invoices.push({
      kind: step.kind,
      plan_code: step.kind === 'termination' ? facts.right.oldCode : facts.right.newCode,
      issued_at: preview.right.invoice.created_at,
      preview: preview.right,
    });
    carried = afterInvoice(carried, preview.right);
  }
  return right({
    kind,
    effective_at: effective,
    new_subscription: fresh,
    invoices,
    termination_credit_note: note.right,
  });
}

/** The input every invoice of the change shares. */
type SharedInput = Omit<PlanChangeInput, 'subscription' | 'plan' | 'newPlan' | 'at'>;

/**
 * The credit note an upgrade from a plan paid in advance issues (invoicing.md §9.7): on the
 * invoice that billed the current period's fee (the run that opened the period, or the
 * subscription's start when it started in it), the fee of the days after the switch day
 * (one day less for an upgrade) at the plan's day price, with its taxes, paid back as the
 * subscription's `on_termination_credit_note` says (`credit` when unset; `skip`: no note).
 * That invoice is previewed without the coupons, wallets and credit notes of now (they are
 * as later invoices left them) and as not paid, so a `refund` or `offset` note refunds nothing.
 */
function terminationCredit(
  facts: ChangeFacts,
  shared: SharedInput,
  plan: PlanInput,
): Either<FeecastError, CreditNote | null> {
  const how = facts.old.on_termination_credit_note ?? 'credit';
  if (how === 'skip') return right(null);
  const from = parseInstant(facts.periodFrom, ['at']);
  if (isLeft(from)) return from;
  const started = parseInstant(facts.old.started_at, ['subscription', 'started_at']);
  if (isLeft(started)) return started;
  const startedInPeriod = started.right >= from.right;
  const {
    appliedCoupons: _c,
    wallets: _w,
    walletTransactions: _t,
    creditNotes: _n,
    ...rest
  } = shared;
  const opening = previewInvoice({
    ...rest,
    status: 'finalized',
    subscriptions: [
      { subscription: facts.old, plan, ...(startedInPeriod ? { starting: true } : {}) },
    ],
    // Any instant of the period before: its run opens the current one.
    now: formatInstant(from.right - 1000),
  });
  if (isLeft(opening)) return left(inChangeTerms(opening.left, 'termination'));
  const invoice = opening.right.invoice;
  const feeId = invoice.fees.find((f) => f.item.type === 'subscription')?.svc_id;
  if (feeId === undefined || feeId === null) return right(null);
  const note = terminationCreditNote({
    invoice,
    fee_id: feeId,
    terminated_at: facts.at,
    on_termination_credit_note: how,
    upgrade: true,
  });
  if (isLeft(note)) return left(inChangeTerms(note.left, 'termination'));
  return right(note.right === null ? null : note.right.credit_note);
}

/** The carried credit notes with `note` added (when the input gave none, a list of it). */
function withCreditNote(carried: Carried, note: CreditNote): Carried {
  const notes: CreditNote[] = [];
  for (const given of carried.creditNotes ?? []) notes.push(given as CreditNote);
  notes.push(note);
  return { ...carried, creditNotes: notes };
}

/** A preview's error in this operation's terms: the subscription's plan paths renamed. */
function inChangeTerms(error: FeecastError, kind: PlanChangeInvoiceKind): FeecastError {
  const [head, index, field, ...rest] = error.path ?? [];
  if (head !== 'subscriptions' || index !== '0') return error;
  if (field === 'plan') {
    return { ...error, path: [kind === 'termination' ? 'plan' : 'newPlan', ...rest] };
  }
  if (field === 'nextPlan') return { ...error, path: ['newPlan', ...rest] };
  if (field === 'subscription') return { ...error, path: ['subscription', ...rest] };
  return { ...error, path: [...(field === undefined ? [] : [field]), ...rest] };
}
