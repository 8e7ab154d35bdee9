/**
 * Shared helpers of the billing-period tests: a compact description of a case, turned into
 * the wire-shaped input of `billingPeriod`, and an independent (Intl-only) reading of local
 * dates used as an oracle by the property tests.
 */
import type { Either } from 'fp-ts/lib/Either.js';
import { expect } from 'vitest';
import type { FeecastError } from '../../src/core/error';
import {
  type BillingPeriodInput,
  billingPeriod,
  type InvoicePeriod,
  type NextPlan,
} from '../../src/periods/index';

/** One case: every field has a default, so a table row names only what matters to it. */
export interface Case {
  readonly interval?: string;
  readonly billing_time?: string;
  readonly pay_in_advance?: boolean;
  readonly bill_charges_monthly?: boolean;
  readonly bill_fixed_charges_monthly?: boolean;
  readonly amount_cents?: number;
  readonly timezone?: string;
  /** Default 2021-02-02T00:00:00Z, the subscription date of the reference's specs. */
  readonly subscription_at?: string;
  /** Default: subscription_at. */
  readonly started_at?: string | null;
  readonly terminated_at?: string;
  readonly ending_at?: string;
  readonly next_plan_code?: string;
  readonly nextPlan?: NextPlan;
  readonly purpose?: 'usage' | 'invoice';
  readonly at: string;
}

/** The `billingPeriod` input of a case. */
export function inputOf(c: Case): BillingPeriodInput {
  const subscriptionAt = c.subscription_at ?? '2021-02-02T00:00:00Z';
  return {
    plan: {
      interval: c.interval ?? 'monthly',
      pay_in_advance: c.pay_in_advance ?? false,
      amount_cents: c.amount_cents ?? 10_000,
      bill_charges_monthly: c.bill_charges_monthly ?? null,
      bill_fixed_charges_monthly: c.bill_fixed_charges_monthly ?? null,
    },
    subscription: {
      billing_time: c.billing_time ?? 'calendar',
      subscription_at: subscriptionAt,
      started_at: c.started_at === undefined ? subscriptionAt : c.started_at,
      terminated_at: c.terminated_at ?? null,
      ending_at: c.ending_at ?? null,
      next_plan_code: c.next_plan_code ?? null,
    },
    ...(c.timezone === undefined ? {} : { timezone: c.timezone }),
    at: c.at,
    ...(c.purpose === undefined ? {} : { purpose: c.purpose }),
    ...(c.nextPlan === undefined ? {} : { nextPlan: c.nextPlan }),
  };
}

/** The right value, or a failed expectation that shows the error. */
export function rightOf<A>(result: Either<FeecastError, A>): A {
  if (result._tag === 'Left') {
    expect.fail(`expected a Right, got ${result.left.code}: ${result.left.message}`);
  }
  return result.right;
}

/** The billing period of a case (a failed expectation if it is a Left). */
export function periodOf(c: Case): InvoicePeriod {
  return rightOf(billingPeriod(inputOf(c)));
}

/** The fields of `actual` named in `expected`, to compare a partial expectation. */
export function pick(actual: object, expected: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(expected).map((key) => [key, (actual as Record<string, unknown>)[key]]),
  );
}

/** Epoch milliseconds of an ISO timestamp (test oracle: `Date.parse` on `…Z` strings). */
export const ms = (iso: string): number => Date.parse(iso);

/** The service's timestamp form of epoch milliseconds (whole seconds). */
export const iso = (epochMs: number): string =>
  new Date(epochMs).toISOString().replace('.000Z', 'Z');

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The local date `YYYY-MM-DD` of an instant in a zone, read with Intl alone (an oracle). */
export function localDateOf(epochMs: number, timezone: string): string {
  let format = dateFormats.get(timezone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timezone, format);
  }
  return format.format(epochMs);
}

/** The ISO weekday (1 Monday ... 7 Sunday) of a `YYYY-MM-DD` date. */
export function weekdayOf(date: string): number {
  return ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** Zones with DST, half- and quarter-hour offsets, midnight DST changes and a skipped day. */
export const ZONES = [
  'UTC',
  'America/New_York',
  'Europe/Paris',
  'America/Santiago',
  'America/Havana',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Asia/Kolkata',
  'America/St_Johns',
  'Africa/Casablanca',
  'Asia/Tehran',
  'Pacific/Apia',
] as const;
