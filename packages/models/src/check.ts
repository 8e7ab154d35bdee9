import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { CHECK_TABLE } from './internal/check-table';
import { checkProblems } from './internal/checker';
import { alternatives } from './internal/choice';
import { type DecodeFailure, failureOf, unreadableFailure } from './internal/failure';
import type { BillableMetric } from './resources/billable-metric';
import type { Customer } from './resources/customer';
import type { MinimumCommitment } from './resources/minimum-commitment';
import type { Plan } from './resources/plan';
import type { Subscription } from './resources/subscription';
import type { Tax } from './resources/tax';

/** The resources {@link checkResource} checks, by the name of their codec. */
export interface CheckedResources {
  readonly Customer: Customer;
  readonly Subscription: Subscription;
  readonly Plan: Plan;
  readonly MinimumCommitment: MinimumCommitment;
  readonly BillableMetric: BillableMetric;
  readonly Tax: Tax;
}

/**
 * `decode` of one of the resources a pricing engine reads (`Customer`, `Subscription`, `Plan`,
 * `MinimumCommitment`, `BillableMetric`, `Tax`), without io-ts: the same `Right` (the input
 * itself) or the same `Left`, problem for problem and message for message, from a table written
 * from the codecs at build time (a property test holds the two to each other). What a price
 * preview in a browser checks its inputs with: an app's bundler leaves io-ts and the codecs out.
 * It never throws.
 *
 * @example
 * // A tax with its rate as a string and most keys missing: the same failure as decode's.
 * const input = { code: 'vat', name: 'VAT', rate: '20' };
 * const checked = checkResource('Tax', input);
 * const decoded = decode(Tax, input);
 * checked._tag === 'Left' && decoded._tag === 'Left' && checked.left.message === decoded.left.message // => true
 * checked._tag === 'Left' && checked.left.message.split('\n')[3]
 * // => '- rate: expected Rate (a percentage, as a JSON number), found "20"'
 */
export function checkResource<N extends keyof CheckedResources>(
  name: N,
  input: unknown,
): Either<DecodeFailure, CheckedResources[N]> {
  if (typeof name !== 'string' || !Object.hasOwn(CHECK_TABLE.roots, name)) {
    const names = alternatives(Object.keys(CHECK_TABLE.roots));
    return left(
      failureOf('value', [{ path: '$', expected: `a resource name: ${names}`, actual: name }]),
    );
  }
  try {
    const problems = checkProblems(CHECK_TABLE, name, input);
    if (problems.length === 0) return right(input as CheckedResources[N]);
    return left(failureOf(name, problems));
  } catch (error) {
    return left(unreadableFailure(name, input, error));
  }
}
