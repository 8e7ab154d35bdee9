/**
 * The server's state: every resource it serves, as wire objects, in one JSON document. See
 * STATE.md (beside this file) for the format; {@link decodeState} checks a document and
 * returns the state or an error that names the offending path.
 */

import { type FeecastError, feecastError } from '@feecast/engine';
import {
  ActivityLog,
  AddOn,
  AppliedCoupon,
  BillableMetric,
  BillingEntity,
  Coupon,
  CreditNote,
  Customer,
  decode,
  Invoice,
  PaymentReceipt,
  Plan,
  Subscription,
  Tax,
  Timestamp,
  UsageEventRecord,
  Uuid,
  Wallet,
  WalletTransaction,
  WebhookEndpoint,
} from '@feecast/models';
import { type Either, isLeft, isRight, left, right } from 'fp-ts/lib/Either.js';
import { isRecord } from '../../guards';
import {
  readWebhookAttempt,
  readWebhookDelivery,
  type WebhookAttempt,
  type WebhookDelivery,
} from '../webhooks/delivery-records';
import { asUuid } from './brands';
import type { Items } from './chunked-list';
import type { StoredEvents } from './event-index';

/** The version of the state format this server reads and writes. */
export const STATE_VERSION = 1;

/** The organization id of a state that does not give one. */
export const DEFAULT_ORGANIZATION_ID: Uuid = asUuid('3513acf6-4f9d-4aec-9d41-e8c52fbafe2c');

/** A plan a subscription overrides for itself (`plan_overrides` of a subscription update). */
export interface PlanOverride {
  /** The subscription the plan belongs to. */
  readonly svc_subscription_id: Uuid;
  /** The subscription's own copy of its plan, with `parent_id` naming the catalog plan. */
  readonly plan: Plan;
}

/**
 * The collections of a state, each a list of wire objects. Those that grow with the traffic
 * (invoices, wallet transactions, credit notes, payment receipts, activity logs, webhook
 * deliveries and attempts) are {@link Items}: an array (a state built in code or read from
 * JSON) or the persistent list the server's writes make (chunked-list.ts), so a write does not
 * copy them. The others grow with the catalog and the customers, and stay arrays.
 */
export interface StateCollections {
  readonly billing_entities: readonly BillingEntity[];
  readonly taxes: readonly Tax[];
  readonly customers: readonly Customer[];
  readonly billable_metrics: readonly BillableMetric[];
  readonly plans: readonly Plan[];
  readonly plan_overrides: readonly PlanOverride[];
  readonly subscriptions: readonly Subscription[];
  readonly add_ons: readonly AddOn[];
  readonly coupons: readonly Coupon[];
  readonly applied_coupons: readonly AppliedCoupon[];
  readonly wallets: readonly Wallet[];
  readonly wallet_transactions: Items<WalletTransaction>;
  readonly invoices: Items<Invoice>;
  readonly credit_notes: Items<CreditNote>;
  readonly payment_receipts: Items<PaymentReceipt>;
  readonly webhook_endpoints: readonly WebhookEndpoint[];
  readonly activity_logs: Items<ActivityLog>;
  /** The stored events: an array, or the log the server appends to (event-index.ts). */
  readonly events: StoredEvents;
  /** The webhooks to send, one per activity of a webhook type and endpoint (webhooks/). */
  readonly webhook_deliveries: Items<WebhookDelivery>;
  /** The outcome of each attempt of a webhook delivery. */
  readonly webhook_attempts: Items<WebhookAttempt>;
}

/** The collections held as lists of items (arrays or lists): all but `events` (see {@link StoredEvents}). */
export type ListName = Exclude<keyof StateCollections, 'events'>;

/** The collections that are {@link Items} (arrays or lists); the others are arrays. */
export const LISTED_COLLECTIONS: ReadonlySet<ListName> = new Set<ListName>([
  'invoices',
  'wallet_transactions',
  'credit_notes',
  'payment_receipts',
  'activity_logs',
  'webhook_deliveries',
  'webhook_attempts',
]);

/** An item of the state collection `C` (`ItemOf<'wallets'>` is a `Wallet`). */
export type ItemOf<C extends ListName> = StateCollections[C] extends Items<infer T> ? T : never;

/**
 * Where the server's clock stands (`billing/`): everything that became due up to `now` has run.
 */
export interface StoredClock {
  /** The instant the clock has reached (UTC, ISO 8601). */
  readonly now: Timestamp;
  /** The clock stays at `now` until moved (`--now`, `POST /__feecast/clock`); else real time. */
  readonly pinned: boolean;
}

/** The whole state of a server: immutable; every change makes a new one. */
export interface ServerState extends StateCollections {
  readonly version: typeof STATE_VERSION;
  /** The organization every resource belongs to (activity logs, webhook endpoints). */
  readonly organization_id: Uuid;
  /** How many ids this state has generated: the next id is derived from it (see ids.ts). */
  readonly id_sequence: number;
  /** The clock's position, once the server has run what became due (absent before). */
  readonly clock?: StoredClock;
}

type Codec<A> = Parameters<typeof decode<A>>[0];

/** Why one item of a collection is refused: where inside the item, and the message. */
interface ItemProblem {
  readonly path: readonly string[];
  readonly message: string;
}

type ItemReader = (item: unknown) => ItemProblem | undefined;

function codecReader<A>(codec: Codec<A>): ItemReader {
  return (item) => {
    const decoded = decode(codec, item);
    if (isRight(decoded)) return undefined;
    const first = decoded.left.problems[0];
    return {
      path: first === undefined || first.path === '$' ? [] : [first.path],
      message: decoded.left.message,
    };
  };
}

const readPlanOverride: ItemReader = (item) => {
  if (!isRecord(item)) {
    return { path: [], message: 'expected an object {"svc_subscription_id": ..., "plan": {...}}' };
  }
  const id = codecReader(Uuid)(item.svc_subscription_id);
  if (id !== undefined) {
    return { path: ['svc_subscription_id'], message: 'svc_subscription_id must be a UUID string' };
  }
  const plan = codecReader(Plan)(item.plan);
  return plan === undefined ? undefined : { path: ['plan', ...plan.path], message: plan.message };
};

const COLLECTION_READERS: { readonly [K in keyof StateCollections]: ItemReader } = {
  billing_entities: codecReader(BillingEntity),
  taxes: codecReader(Tax),
  customers: codecReader(Customer),
  billable_metrics: codecReader(BillableMetric),
  plans: codecReader(Plan),
  plan_overrides: readPlanOverride,
  subscriptions: codecReader(Subscription),
  add_ons: codecReader(AddOn),
  coupons: codecReader(Coupon),
  applied_coupons: codecReader(AppliedCoupon),
  wallets: codecReader(Wallet),
  wallet_transactions: codecReader(WalletTransaction),
  invoices: codecReader(Invoice),
  credit_notes: codecReader(CreditNote),
  payment_receipts: codecReader(PaymentReceipt),
  webhook_endpoints: codecReader(WebhookEndpoint),
  activity_logs: codecReader(ActivityLog),
  events: codecReader(UsageEventRecord),
  webhook_deliveries: readWebhookDelivery,
  webhook_attempts: readWebhookAttempt,
};

/** The names of the collections of a state, in the order of the format. */
export const COLLECTION_NAMES = Object.keys(
  COLLECTION_READERS,
) as readonly (keyof StateCollections)[];

function invalid(path: readonly string[], message: string, value?: unknown): FeecastError {
  return feecastError('invalid_input', message, path, value === undefined ? undefined : { value });
}

/**
 * Checks the shape of a state document: the envelope, then every object of every collection
 * with the codec of its resource. Collections left out are empty; `organization_id` and
 * `id_sequence` have defaults. Consistency between collections is checked by `checkState`.
 *
 * @example
 * readStateShape({ version: 1, customers: [] }); // right(state with every collection empty)
 * readStateShape({ version: 2 }); // left: 'The state has version 2; this server reads version 1...'
 */
export function readStateShape(input: unknown): Either<FeecastError, ServerState> {
  if (!isRecord(input)) {
    return left(
      invalid(
        [],
        'A state must be a JSON object such as {"version": 1, "customers": [...], "plans": [...]}.',
      ),
    );
  }
  if (input.version !== STATE_VERSION) {
    return left(
      invalid(
        ['version'],
        `The state has version ${JSON.stringify(input.version)}; this server reads version ${STATE_VERSION}: set "version": ${STATE_VERSION}.`,
        input.version,
      ),
    );
  }
  const known = new Set<string>([
    'version',
    'organization_id',
    'id_sequence',
    'clock',
    ...COLLECTION_NAMES,
  ]);
  for (const key of Object.keys(input)) {
    if (!known.has(key)) {
      return left(
        invalid(
          [key],
          `The state has an unknown key ${JSON.stringify(key)}; the known keys are ${[...known].join(', ')}.`,
        ),
      );
    }
  }
  let organizationId = DEFAULT_ORGANIZATION_ID;
  if (input.organization_id !== undefined) {
    const id = decode(Uuid, input.organization_id);
    if (isLeft(id)) {
      return left(invalid(['organization_id'], 'organization_id must be a UUID string.'));
    }
    organizationId = id.right;
  }
  const sequence = input.id_sequence ?? 0;
  if (typeof sequence !== 'number' || !Number.isSafeInteger(sequence) || sequence < 0) {
    return left(
      invalid(['id_sequence'], 'id_sequence must be a non-negative integer (0 for a new state).'),
    );
  }
  const clock = readClock(input.clock);
  if (typeof clock === 'string') return left(invalid(['clock'], clock));
  const collections: Record<string, readonly unknown[]> = {};
  for (const name of COLLECTION_NAMES) {
    const items = input[name] ?? [];
    if (!Array.isArray(items)) {
      return left(invalid([name], `${name} must be an array of objects.`));
    }
    for (const [index, item] of items.entries()) {
      const problem = COLLECTION_READERS[name](item);
      if (problem !== undefined) {
        return left(
          invalid(
            [name, String(index), ...problem.path],
            `${name}[${index}] is not a valid object: ${problem.message}`,
          ),
        );
      }
    }
    collections[name] = items;
  }
  return right({
    version: STATE_VERSION,
    organization_id: organizationId,
    id_sequence: sequence,
    ...(clock === undefined ? {} : { clock }),
    ...(collections as unknown as StateCollections),
  });
}

/**
 * The `clock` of a state document or journal record (absent: `undefined`), or why it is
 * refused.
 *
 * @example
 * readClock({ now: '2025-01-01T00:00:00Z', pinned: true }); // { now: '2025-01-01T00:00:00Z', pinned: true }
 * readClock({ now: 'soon' }); // 'clock must be {"now": ...'
 */
export function readClock(value: unknown): StoredClock | undefined | string {
  if (value === undefined) return undefined;
  const message =
    'clock must be {"now": <ISO 8601 timestamp with a zone>, "pinned": true|false} (the position of the server\'s clock; remove it to start the clock afresh).';
  if (!isRecord(value) || typeof value.pinned !== 'boolean') return message;
  const now = decode(Timestamp, value.now);
  if (isLeft(now) || Number.isNaN(Date.parse(now.right))) return message;
  return { now: now.right, pinned: value.pinned };
}

/**
 * An empty state: no resource at all, version {@link STATE_VERSION}.
 *
 * @example
 * emptyState().customers // => []
 */
export function emptyState(): ServerState {
  const collections = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, []]));
  return {
    version: STATE_VERSION,
    organization_id: DEFAULT_ORGANIZATION_ID,
    id_sequence: 0,
    ...(collections as unknown as StateCollections),
  };
}
