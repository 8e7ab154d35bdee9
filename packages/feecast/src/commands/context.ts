import {
  type FeecastError,
  feecastError,
  type OperationContext,
  type PreviewInvoiceInput,
  type UsageEvent,
} from '@feecast/engine';
import type { AppliedCoupon, Coupon, Customer, Plan, Subscription } from '@feecast/models';
import { EVENT_FORMATS, type EventFormat } from '@feecast/sources';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { flag, option, repeated } from '../args/index';
import { type Inputs, loadInputs, parseNow } from '../inputs/index';
import type { Io } from '../io';
import { type ProgressStream, reportError } from '../render/index';
import { createReplay, openEventsFile, type Replay } from '../replay/index';

/** The options every pricing command shares: the wire-format files it prices. */
export const CONTEXT_OPTIONS = {
  plan: repeated('A plan file (a plan, an array, an API envelope or a lago_ export)', {
    valueName: 'file',
  }),
  billableMetrics: repeated('A billable-metrics file', { valueName: 'file' }),
  subscription: repeated('A subscriptions file', { valueName: 'file' }),
  customer: repeated('A customer file', { valueName: 'file' }),
  taxes: repeated("The billing entity's default taxes", { valueName: 'file' }),
  coupons: repeated('A coupons file', { valueName: 'file' }),
  appliedCoupons: repeated('An applied-coupons file', { valueName: 'file' }),
  wallets: repeated('A wallets file', { valueName: 'file' }),
  addOns: repeated('An add-ons file (billed on the invoice)', { valueName: 'file' }),
  events: option(
    'Usage events: NDJSON, a JSON array or {"events": [...]}, CSV or Parquet, gzip or not ("-" for standard input); or a table: duckdb:<database file>#<table>, clickhouse://host:port/<database>?table=<table>',
    { valueName: 'file|table' },
  ),
  eventsFormat: option<EventFormat>(
    'The format of --events when its name does not tell it (.csv, .parquet, .gz): ndjson, json, csv or parquet',
    { valueName: 'format', parse: parseEventsFormat },
  ),
  subscriptionId: option('The external_id of the subscription to price (when several)', {
    valueName: 'id',
  }),
  now: option('Price at this instant (ISO 8601) instead of the clock; later events do not count', {
    valueName: 'timestamp',
    parse: parseNow,
  }),
  json: flag(
    'Print the wire-format result (JSON) instead of tables, with "events" and "rejected" (see above)',
  ),
  strict: flag('Exit 1, printing no result, when any event of --events is rejected'),
} as const;

/**
 * The `--help` paragraph every pricing command shares: how `--events` is replayed as of
 * `--now`, what is reported on standard error, `--strict`, and what `--json` adds.
 */
export const EVENTS_HELP = `Events: --events is a history, replayed as of --now (or the clock). Only the subscription's
events that had happened by then are priced: events of other subscriptions and events dated
after --now are not counted (the engine, like the API, would count a future-dated event of
the period), nor are events outside the billing period containing --now or of metrics no
charge prices. Events that are wrong (a line that is not an event, a value that is not a
decimal, a repeated transaction_id...) are rejected. Standard error sums both up, with the
file and line of the first rejected events and what to fix; --strict makes a rejection exit 1.
With --json, the API's response body gets two more keys: "events", the counts {read,
counted, rejected, other_subscription, after_now, outside_period, not_charged} (read is the
sum of the others), and "rejected", one {file, line, transaction_id, reason, message} per
rejected event, in the order of the file. A table (--events duckdb:<database file>#<table> or
clickhouse://host:port/<database>?table=<table>) is read once, only the subscription's rows
(and those naming none), filtered by the database: other_subscription is then 0, and a
rejected event's line is its row in the database's answer.`;

/** The parsed values of {@link CONTEXT_OPTIONS}. */
export interface ContextOptions {
  readonly plan: readonly string[];
  readonly billableMetrics: readonly string[];
  readonly subscription: readonly string[];
  readonly customer: readonly string[];
  readonly taxes: readonly string[];
  readonly coupons: readonly string[];
  readonly appliedCoupons: readonly string[];
  readonly wallets: readonly string[];
  readonly addOns: readonly string[];
  readonly events: string | undefined;
  readonly eventsFormat: EventFormat | undefined;
  readonly subscriptionId: string | undefined;
  readonly now: string | undefined;
}

/** What a pricing command prices: the loaded files, resolved to one customer and subscription. */
export interface PricingContext {
  readonly inputs: Inputs;
  readonly customer: Customer;
  readonly subscription: Subscription;
  /** The subscription's plan (by `plan_code`). */
  readonly plan: Plan;
  /**
   * The events pricing reads: the subscription's, dated up to `now`, read from the file anew
   * on each iteration (constant memory, whatever the file's size, and as many passes as an
   * operation needs). See `replay`.
   */
  readonly events: Iterable<UsageEvent>;
  /** The first problem met in the events file by any pass so far (check it after pricing). */
  readonly eventsError: () => FeecastError | undefined;
  /** The replay of the events file as of `now`, and its audit. */
  readonly replay: Replay;
  readonly now: string;
  /** Removes what reading the events left behind (standard input's copy). */
  readonly dispose: () => Promise<void>;
}

function usage(message: string, path: readonly string[]): FeecastError {
  return feecastError('invalid_usage', message, path);
}

/** `--events-format`: one of the readers' formats. */
function parseEventsFormat(text: string): Either<FeecastError, EventFormat> {
  const format = EVENT_FORMATS.find((known) => known === text);
  return format === undefined
    ? left(
        usage(
          `--events-format must be one of ${EVENT_FORMATS.join(', ')}; found ${JSON.stringify(text)}.`,
          ['--events-format'],
        ),
      )
    : right(format);
}

function single<T>(
  items: readonly T[],
  what: string,
  option: string,
  pick?: (item: T) => boolean,
): Either<FeecastError, T> {
  const matching = pick === undefined ? items : items.filter(pick);
  const [first] = matching;
  if (first !== undefined && matching.length === 1) return right(first);
  if (first === undefined) {
    return left(usage(`No ${what} to price: give one with ${option}.`, [option]));
  }
  return left(
    usage(`${matching.length} ${what}s were given; choose one with --subscription-id.`, [option]),
  );
}

/** The files of {@link CONTEXT_OPTIONS} a command was given, loaded (see `loadInputs`). */
export function loadContextInputs(
  options: Pick<
    ContextOptions,
    | 'plan'
    | 'billableMetrics'
    | 'subscription'
    | 'customer'
    | 'taxes'
    | 'coupons'
    | 'appliedCoupons'
    | 'wallets'
  > &
    Partial<Pick<ContextOptions, 'addOns'>>,
): Promise<Either<FeecastError, Inputs>> {
  return loadInputs({
    plans: options.plan,
    billableMetrics: options.billableMetrics,
    subscriptions: options.subscription,
    customers: options.customer,
    taxes: options.taxes,
    coupons: options.coupons,
    appliedCoupons: options.appliedCoupons,
    wallets: options.wallets,
    addOns: options.addOns ?? [],
  });
}

/**
 * Loads the files of a pricing command and resolves the customer, the subscription (the only
 * one, or `--subscription-id`), its plan and the replay of the events as of `now`. `clock`
 * gives `now` when `--now` is not set; a progress bar is drawn on `progress` (standard error)
 * while events are read, when it is a terminal; `--events -` reads `stdin` (kept in a
 * temporary file until `dispose`). Every problem is a `Left` naming the file or option.
 */
export async function loadContext(
  options: ContextOptions,
  clock: () => Date,
  progress: ProgressStream | undefined = process.stderr,
  stdin: AsyncIterable<string | Uint8Array> = process.stdin,
): Promise<Either<FeecastError, PricingContext>> {
  const inputs = await loadContextInputs(options);
  if (isLeft(inputs)) return inputs;
  const { subscriptionId } = options;
  const subscription = single(
    inputs.right.subscriptions,
    'subscription',
    '--subscription',
    subscriptionId === undefined ? undefined : (s) => s.external_id === subscriptionId,
  );
  if (isLeft(subscription)) return subscription;
  const customer = single(
    inputs.right.customers,
    'customer',
    '--customer',
    (c) => c.external_id === subscription.right.external_customer_id,
  );
  if (isLeft(customer)) return customer;
  const plan = single(
    inputs.right.plans,
    'plan',
    '--plan',
    (p) => p.code === subscription.right.plan_code,
  );
  if (isLeft(plan)) return plan;
  const now = options.now ?? `${clock().toISOString().slice(0, 19)}Z`;
  const file = await openEventsFile(
    options.events,
    progress,
    stdin,
    options.eventsFormat,
    subscription.right.external_id,
  );
  if (isLeft(file)) return file;
  const replay = createReplay({
    file: file.right,
    customer: customer.right,
    subscription: subscription.right,
    plan: plan.right,
    billableMetrics: inputs.right.billableMetrics,
    now,
  });
  if (isLeft(replay)) {
    await file.right.dispose();
    return replay;
  }
  return right({
    inputs: inputs.right,
    customer: customer.right,
    subscription: subscription.right,
    plan: plan.right,
    events: replay.right.events,
    eventsError: replay.right.error,
    replay: replay.right,
    now,
    dispose: file.right.dispose,
  });
}

/**
 * Runs a pricing command's `run` on its loaded context, and cleans up after it (see
 * `loadContext`, whose errors are reported for `command`).
 *
 * @example
 * return withContext(io, 'feecast usage', line.options, clock, (context) => printPriced(...));
 */
export async function withContext(
  io: Io,
  command: string,
  options: ContextOptions,
  clock: () => Date,
  run: (context: PricingContext) => number | Promise<number>,
): Promise<number> {
  const context = await loadContext(options, clock);
  if (isLeft(context)) return reportError(io, command, context.left);
  try {
    return await run(context.right);
  } finally {
    await context.right.dispose();
  }
}

/** Coupons applied to the customer, joined with their coupon (by `coupon_code`). */
export function couponApplications(
  inputs: Inputs,
  customer: Customer,
): Either<FeecastError, { applied_coupon: AppliedCoupon; coupon: Coupon }[]> {
  const applications: { applied_coupon: AppliedCoupon; coupon: Coupon }[] = [];
  for (const applied of inputs.appliedCoupons) {
    if (applied.external_customer_id !== customer.external_id) continue;
    const coupon = inputs.coupons.find((c) => c.code === applied.coupon_code);
    if (coupon === undefined) {
      return left(
        usage(
          `The applied coupon ${JSON.stringify(applied.coupon_code)} has no coupon; give its file with --coupons.`,
          ['--coupons'],
        ),
      );
    }
    applications.push({ applied_coupon: applied, coupon });
  }
  return right(applications);
}

/**
 * What the engine's operations (`currentUsage`, `projectedUsage`, `estimateFees`) read of a
 * context: the customer, subscription, plan, metrics, the billing entity's taxes, the events
 * and `now`.
 *
 * @example
 * currentUsage({ ...operationInput(context), applyTaxes: false })
 */
export function operationInput(
  context: PricingContext,
): OperationContext & { readonly events: Iterable<UsageEvent> } {
  const { customer, subscription, plan, inputs, events, now } = context;
  return {
    customer,
    subscription,
    plan,
    billableMetrics: inputs.billableMetrics,
    taxes: { billing_entity: inputs.taxes },
    events,
    now,
  };
}

/** The `previewInvoice` input of a context: its customer, subscription, events and money flow. */
export function previewInput(context: PricingContext): Either<FeecastError, PreviewInvoiceInput> {
  const { inputs, customer } = context;
  const coupons = couponApplications(inputs, customer);
  if (isLeft(coupons)) return coupons;
  return right({
    customer,
    subscriptions: [{ subscription: context.subscription, plan: context.plan }],
    billableMetrics: inputs.billableMetrics,
    events: context.events,
    now: context.now,
    taxes: { billing_entity: inputs.taxes },
    appliedCoupons: coupons.right,
    wallets: inputs.wallets.filter((w) => w.external_customer_id === customer.external_id),
    addOns: inputs.addOns,
  });
}
