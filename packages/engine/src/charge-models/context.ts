import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import {
  compare,
  currencyExponent,
  type Decimal,
  describeValue,
  type FeecastError,
  feecastError,
  ONE,
  parseDecimal,
  sign,
} from '../core/index';
import type { PricingContext } from './model';
import type { ChargeModelContext } from './types';

/** The aggregation result, checked: the units, the context the models read, the period ratio. */
export interface ReadContext {
  readonly units: Decimal;
  readonly context: PricingContext;
  readonly ratio: Decimal | undefined;
}

function optionalDecimal(value: unknown, key: string): Either<FeecastError, Decimal | undefined> {
  return value === undefined || value === null ? right(undefined) : parseDecimal(value, [key]);
}

function decimals(
  values: unknown,
  key: string,
): Either<FeecastError, readonly Decimal[] | undefined> {
  if (values === undefined || values === null) return right(undefined);
  if (!Array.isArray(values)) {
    return left(
      feecastError('invalid_input', `${key} must be an array of decimal strings.`, [key], {
        value: values,
      }),
    );
  }
  const read: Decimal[] = [];
  for (const [index, value] of values.entries()) {
    const parsed = parseDecimal(value, [key, String(index)]);
    if (isLeft(parsed)) return parsed;
    read.push(parsed.right);
  }
  return right(read);
}

/**
 * Checks what `applyChargeModel` is given besides the charge (`ChargeModelContext`): every
 * decimal parses, `events_count` is a whole number, the per-event lists have the same length,
 * `period_ratio` lies in [0, 1] and `currency` is an ISO 4217 code. Paths name the field.
 *
 * @example
 * readContext({ units: '12', events_count: 3, period_ratio: '0.5' })
 * // right({ units: 12, context: { eventsCount: 3, ... }, ratio: 0.5 })
 * @internal
 */
export function readContext(input: ChargeModelContext): Either<FeecastError, ReadContext> {
  if (typeof input !== 'object' || input === null) {
    return left(
      feecastError(
        'invalid_input',
        'The aggregation result (units, events_count) is required.',
        [],
      ),
    );
  }
  const units = parseDecimal(input.units, ['units']);
  if (isLeft(units)) return units;
  const count = input.events_count;
  if (!Number.isSafeInteger(count) || count < 0) {
    return left(
      feecastError(
        'invalid_input',
        `events_count must be a whole number >= 0, got ${describeValue(count)}.`,
        ['events_count'],
        { value: count },
      ),
    );
  }
  const values = decimals(input.event_values, 'event_values');
  if (isLeft(values)) return values;
  const prorated = decimals(input.prorated_event_values, 'prorated_event_values');
  if (isLeft(prorated)) return prorated;
  if (prorated.right !== undefined && prorated.right.length !== values.right?.length) {
    return left(
      feecastError(
        'invalid_input',
        'prorated_event_values needs event_values (the full values) of the same length, one per event.',
        ['prorated_event_values'],
      ),
    );
  }
  const full = optionalDecimal(input.full_units_number, 'full_units_number');
  if (isLeft(full)) return full;
  const ratio = optionalDecimal(input.period_ratio, 'period_ratio');
  if (isLeft(ratio)) return ratio;
  if (ratio.right !== undefined && (sign(ratio.right) < 0 || compare(ratio.right, ONE) > 0)) {
    return left(
      feecastError(
        'invalid_input',
        'period_ratio is the elapsed share of the period: a decimal from "0" to "1".',
        ['period_ratio'],
        { value: input.period_ratio },
      ),
    );
  }
  const cents = optionalDecimal(input.precise_total_amount_cents, 'precise_total_amount_cents');
  if (isLeft(cents)) return cents;
  const customAmount = optionalDecimal(input.custom_amount, 'custom_amount');
  if (isLeft(customAmount)) return customAmount;
  if (input.currency !== undefined) {
    const exponent = currencyExponent(input.currency, ['currency']);
    if (isLeft(exponent)) return exponent;
  }
  return right({
    units: units.right,
    ratio: ratio.right,
    context: {
      eventsCount: count,
      eventValues: values.right,
      proratedEventValues: prorated.right,
      fullUnitsNumber: full.right,
      preciseTotalAmountCents: cents.right,
      currency: input.currency,
      customAmount: customAmount.right,
      excludeEvent: input.exclude_event === true,
    },
  });
}

/**
 * The context of a price from the events count alone (and whatever else is given): no
 * per-event values, no full units, no precise cents, no custom amount, the event not excluded.
 *
 * @example
 * compiled.price(parse('12'), pricingContext(3)) // the price of 12 units over 3 events
 */
export function pricingContext(
  eventsCount: number,
  fields: Partial<Omit<PricingContext, 'eventsCount'>> = {},
): PricingContext {
  return {
    eventsCount,
    eventValues: fields.eventValues,
    proratedEventValues: fields.proratedEventValues,
    fullUnitsNumber: fields.fullUnitsNumber,
    preciseTotalAmountCents: fields.preciseTotalAmountCents,
    currency: fields.currency,
    customAmount: fields.customAmount,
    excludeEvent: fields.excludeEvent ?? false,
  };
}
