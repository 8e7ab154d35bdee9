import type { FeecastError, PreviewInvoiceInput, UsageEvent } from '@feecast/engine';
import { feecastError } from '@feecast/engine';
import type { AppliedCoupon, Coupon, Customer, Plan, Subscription } from '@feecast/models';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { flag, option, repeated } from '../args/index';
import { type Inputs, loadInputs, parseNow, readEventsSync } from '../inputs/index';
import { createProgressWriter, type ProgressStream } from '../render/index';

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
  events: option('Usage events: NDJSON or a JSON array ("-" for standard input)', {
    valueName: 'file',
  }),
  subscriptionId: option('The external_id of the subscription to price (when several)', {
    valueName: 'id',
  }),
  now: option('Price at this instant (ISO 8601) instead of the clock', {
    valueName: 'timestamp',
    parse: parseNow,
  }),
  json: flag('Print the wire-format result (JSON) instead of tables'),
} as const;

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
  readonly subscriptionId: string | undefined;
  readonly now: string | undefined;
}

/** The events of `events`, then `done()` (also when the consumer stops early). */
function* drawn<T>(events: Iterable<T>, done: () => void): Generator<T, void, undefined> {
  try {
    yield* events;
  } finally {
    done();
  }
}

/** What a pricing command prices: the loaded files, resolved to one customer and subscription. */
export interface PricingContext {
  readonly inputs: Inputs;
  readonly customer: Customer;
  readonly subscription: Subscription;
  /** The subscription's plan (by `plan_code`). */
  readonly plan: Plan;
  /**
   * The events, read from the file anew on each iteration (constant memory, whatever the
   * file's size, and as many passes as an operation needs).
   */
  readonly events: Iterable<UsageEvent>;
  /** The first problem met in the events file by any pass so far (check it after pricing). */
  readonly eventsError: () => FeecastError | undefined;
  readonly now: string;
}

/**
 * An events file as an iterable that re-reads the file on each iteration, drawing a progress
 * bar on `progress` while it reads (only when that stream is a terminal).
 */
function eventsFile(
  file: string | undefined,
  progress: ProgressStream | undefined,
): {
  readonly events: Iterable<UsageEvent>;
  readonly error: () => FeecastError | undefined;
} {
  let first: FeecastError | undefined;
  const sources: { error(): FeecastError | undefined }[] = [];
  return {
    events: {
      [Symbol.iterator]: () => {
        if (file === undefined) return [][Symbol.iterator]();
        const bar = progress === undefined ? undefined : createProgressWriter(progress, file);
        const source = readEventsSync(file, bar === undefined ? {} : { onProgress: bar.update });
        sources.push(source);
        return drawn(source.events, () => bar?.done());
      },
    },
    error: () => {
      first ??= sources.map((s) => s.error()).find((e) => e !== undefined);
      return first;
    },
  };
}

function usage(message: string, path: readonly string[]): FeecastError {
  return feecastError('invalid_usage', message, path);
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

/**
 * Loads the files of a pricing command and resolves the customer, the subscription (the only
 * one, or `--subscription-id`), its plan and the events. `clock` gives `now` when `--now` is
 * not set; a progress bar is drawn on `progress` (standard error) while events are read, when it
 * is a terminal. Every problem is a `Left` naming the file or option.
 */
export async function loadContext(
  options: ContextOptions,
  clock: () => Date,
  progress: ProgressStream | undefined = process.stderr,
): Promise<Either<FeecastError, PricingContext>> {
  const inputs = await loadInputs({
    plans: options.plan,
    billableMetrics: options.billableMetrics,
    subscriptions: options.subscription,
    customers: options.customer,
    taxes: options.taxes,
    coupons: options.coupons,
    appliedCoupons: options.appliedCoupons,
    wallets: options.wallets,
    addOns: options.addOns,
  });
  if (inputs._tag === 'Left') return inputs;
  const { subscriptionId } = options;
  const subscription = single(
    inputs.right.subscriptions,
    'subscription',
    '--subscription',
    subscriptionId === undefined ? undefined : (s) => s.external_id === subscriptionId,
  );
  if (subscription._tag === 'Left') return subscription;
  const customer = single(
    inputs.right.customers,
    'customer',
    '--customer',
    (c) => c.external_id === subscription.right.external_customer_id,
  );
  if (customer._tag === 'Left') return customer;
  const plan = single(
    inputs.right.plans,
    'plan',
    '--plan',
    (p) => p.code === subscription.right.plan_code,
  );
  if (plan._tag === 'Left') return plan;
  const events = eventsFile(options.events, progress);
  const now = options.now ?? `${clock().toISOString().slice(0, 19)}Z`;
  return right({
    inputs: inputs.right,
    customer: customer.right,
    subscription: subscription.right,
    plan: plan.right,
    events: events.events,
    eventsError: events.error,
    now,
  });
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

/** The `previewInvoice` input of a context: its customer, subscription, events and money flow. */
export function previewInput(context: PricingContext): Either<FeecastError, PreviewInvoiceInput> {
  const { inputs, customer } = context;
  const coupons = couponApplications(inputs, customer);
  if (coupons._tag === 'Left') return coupons;
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
