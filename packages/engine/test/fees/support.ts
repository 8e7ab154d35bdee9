/**
 * Builders for the fee tests: a period of pay-in-advance events priced one by one.
 */
import type { ChargeModelInput } from '../../src/charge-models/index';
import { type PayInAdvanceAmount, payInAdvanceAmount } from '../../src/fees/index';
import { rightOf, sumText } from '../charge-models/support';

/** One event of a period: its increment, and its own value and precise cents when they matter. */
export interface PeriodEvent {
  readonly increment: string;
  readonly value?: string;
  readonly cents?: string;
}

/**
 * Prices each event of a period in order, as pay in advance does: the period before an event
 * holds the increments, values and precise cents of the events before it.
 */
export function payEach(
  charge: ChargeModelInput,
  events: readonly (PeriodEvent | string)[],
  currency = 'EUR',
): PayInAdvanceAmount[] {
  const list = events.map((e) => (typeof e === 'string' ? { increment: e } : e));
  return list.map((event, index) => {
    const earlier = list.slice(0, index);
    const cents = earlier.flatMap((e) => (e.cents === undefined ? [] : [e.cents]));
    return rightOf(
      payInAdvanceAmount(charge, {
        before: {
          units: sumText(earlier.map((e) => e.increment)),
          events_count: index,
          event_values: earlier.map((e) => e.value ?? e.increment),
          ...(cents.length === 0 ? {} : { precise_total_amount_cents: sumText(cents) }),
          currency,
        },
        increment: event.increment,
        ...(event.value === undefined ? {} : { event_value: event.value }),
        ...(event.cents === undefined ? {} : { precise_total_amount_cents: event.cents }),
        currency,
      }),
    );
  });
}

/** The amounts of {@link payEach}. */
export function amountsOf(
  charge: ChargeModelInput,
  events: readonly (PeriodEvent | string)[],
  currency = 'EUR',
): string[] {
  return payEach(charge, events, currency).map((fee) => fee.amount);
}
