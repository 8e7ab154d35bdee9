/**
 * `wireBody` (internal): a usage body is answered by the codec's type guard when it fits, and
 * decoded only when it does not. Its law: it answers what the public codec's decode answers,
 * the body itself when it fits (so the answer still decodes), the decode's problems when not.
 */
import { CustomerProjectedUsageResponse, CustomerUsageResponse, decode } from '@feecast/models';
import fc from 'fast-check';
import { isRight } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { currentUsage, projectedUsage } from '../../src/operations/index';
import { wireBody } from '../../src/operations/wire-body';
import { charge, customer, event, metric, plan, rightOf, subscription, tax } from './builders';

const calls = metric('calls', 'count_agg', { name: 'API calls' });
const storage = metric('storage', 'sum_agg', { name: 'Storage' });
const input = {
  customer: customer('UTC'),
  subscription: subscription('2025-01-01T00:00:00Z'),
  plan: plan([
    charge(calls, 'standard', { amount: '2', pricing_group_keys: ['region'] }),
    charge(storage, 'standard', { amount: '0.5' }),
  ]),
  billableMetrics: [calls, storage],
  taxes: { billing_entity: [tax('vat', 20)] },
  now: '2025-03-20T12:00:00Z',
  events: [
    event('calls', '2025-03-02T10:00:00Z', { region: 'eu' }),
    event('calls', '2025-03-03T10:00:00Z', { region: 'us' }),
    event('storage', '2025-03-04T10:00:00Z', { value: '3.5' }),
  ],
};
/** Each usage body the engine built, with its codec and its usage (the envelope's value). */
const bodies: readonly {
  readonly codec: t.Mixed;
  readonly body: unknown;
  readonly usage: { readonly amount_cents: number; readonly taxes_amount_cents: number };
}[] = [
  (() => {
    const body = rightOf(currentUsage(input));
    return { codec: CustomerUsageResponse, body, usage: body.customer_usage };
  })(),
  (() => {
    const body = rightOf(projectedUsage(input));
    return { codec: CustomerProjectedUsageResponse, body, usage: body.customer_projected_usage };
  })(),
];

/** The paths of every value in `value` (objects and arrays walked), the root excluded. */
function pathsOf(value: unknown, at: readonly string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [];
  const paths: string[][] = [];
  for (const [key, inner] of Object.entries(value)) {
    paths.push([...at, key]);
    for (const path of pathsOf(inner, [...at, key])) paths.push(path);
  }
  return paths;
}

/** A copy of `body` with the value at `path` replaced by `value`. */
function withValue(body: unknown, path: readonly string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path[path.length - 1] as string] = value;
  return copy;
}

describe('wireBody', () => {
  it('answers an engine-built usage body as it is, which decodes by the public codec', () => {
    for (const { codec, body, usage } of bodies) {
      // Grouped by region: 1 call each at 2.00; 3.5 GB at 0.50 = 175 cents; VAT 20 %.
      expect(usage.amount_cents).toBe(575);
      expect(usage.taxes_amount_cents).toBe(115);
      const answer = wireBody(codec, body);
      expect(answer).toEqual({ _tag: 'Right', right: body });
      if (isRight(answer)) {
        expect(answer.right).toBe(body);
        expect(decode(codec, answer.right)).toEqual({ _tag: 'Right', right: body });
      }
    }
  });

  it('answers what the decode answers, for a body with any one value replaced', () => {
    const junk = fc.constantFrom<unknown>(
      null,
      undefined,
      Number.NaN,
      1.5,
      -3,
      2 ** 60,
      '',
      'x',
      '12',
      {},
      [],
      true,
    );
    let refused = 0;
    let kept = 0;
    for (const { codec, body } of bodies) {
      const paths = pathsOf(body);
      fc.assert(
        fc.property(fc.nat({ max: paths.length - 1 }), junk, (at, value) => {
          const changed = withValue(body, paths[at] ?? [], value);
          const decoded = decode(codec, changed);
          const answer = wireBody(codec, changed);
          expect(isRight(answer)).toBe(isRight(decoded));
          if (isRight(answer)) {
            kept++;
            expect(answer.right).toBe(changed);
          } else if (!isRight(decoded)) {
            refused++;
            expect(answer.left.code).toBe('out_of_range');
            expect(answer.left.details).toEqual({ problems: decoded.left.problems });
            expect(answer.left.message).toContain(decoded.left.message);
          }
        }),
        { numRuns: 300 },
      );
    }
    expect(refused).toBeGreaterThan(100);
    expect(kept).toBeGreaterThan(10);
  });
});
