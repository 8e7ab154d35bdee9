/**
 * Never throw, never drop silently (issue 18 §3): every function the package exports returns
 * an `Either` for any input a caller can build (null-prototype objects, BigInts, symbol keys
 * and values, getters and proxies that throw, cycles, huge arrays), enumerated from the
 * package's own exports (`src/runtime.ts` and `src/internal-runtime.ts`, what its two entries
 * ship), so a function added to the package is covered without a line here.
 */
import fc from 'fast-check';
import { isLeft, isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { anyValue, type Hostile, withHostile } from '../../../models/test/hostile';
import * as internal from '../../src/internal-runtime';
import * as engine from '../../src/runtime';
import {
  charge,
  customer,
  estimated,
  event,
  metric,
  plan,
  subscription,
  tax,
} from '../operations/builders';

type AnyFunction = (...args: unknown[]) => unknown;

/**
 * Functions over the engine's own values (decimals made by `parseDecimal`, scales, roundings),
 * and builders that cannot fail: their arguments are values only the
 * engine makes, so they answer with a plain value, not an `Either`.
 */
const OVER_ENGINE_VALUES = new Set([
  'abs',
  'add',
  'ceil',
  'compare',
  'createDecimalSum',
  'decimalFromCount',
  'down',
  'equals',
  'feecastError',
  'floor',
  'formatDecimal',
  'formatDecimalFixed',
  'halfAwayFromZero',
  'halfEven',
  // An error of a backtest share and the share, both made by the engine (feecast's workers).
  'inWholeInput',
  'max',
  'min',
  'movePoint',
  'multiply',
  'negate',
  'sign',
  'subtract',
  'sum',
  'up',
]);

/** Predicates and readers over any value: they answer, whatever the value. */
const INSPECTORS = new Set(['isDecimal', 'isScale', 'eventTimeMs', 'isEventBatch', 'sameData']);

/** The throwing twins: they throw the documented Error (whose cause is the FeecastError) only. */
const TWINS = new Set([
  'parseDecimalUnsafe',
  'estimateFeesUnsafe',
  'currentUsageUnsafe',
  'projectedUsageUnsafe',
  'previewInvoiceUnsafe',
  'comparePlansUnsafe',
  'backtestUnsafe',
  'forecastWalletsUnsafe',
  'estimateFeesOfUnsafe',
  'previewPlanChangeUnsafe',
  'previewInvoicesUnsafe',
]);

/** What the package ships: `@feecast/engine` and `@feecast/engine/internal`. */
const shipped: Record<string, unknown> = { ...engine, ...internal };

const functions = Object.entries(shipped).filter(
  (entry): entry is [string, AnyFunction] => typeof entry[1] === 'function',
);
const fallible = functions.filter(
  ([name]) => !OVER_ENGINE_VALUES.has(name) && !INSPECTORS.has(name) && !TWINS.has(name),
);

function isEither(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    ((value as { _tag?: unknown })._tag === 'Left' ||
      (value as { _tag?: unknown })._tag === 'Right')
  );
}

/** Calls `fn`; fails the property with the function's name if it throws or is not an Either. */
function expectEither(name: string, fn: AnyFunction, args: readonly Hostile[]): unknown {
  let result: unknown;
  try {
    result = fn(...args.map((arg) => arg.build()));
  } catch (thrown) {
    throw new Error(`${name}(${args.join(', ')}) threw: ${String(thrown)}`);
  }
  if (!isEither(result)) throw new Error(`${name}(${args.join(', ')}) is not an Either`);
  // A Left can be sent as JSON: no BigInt, symbol or cycle of the caller's rides in it.
  const error = (result as { readonly left?: unknown }).left;
  if (error !== undefined) JSON.stringify(error);
  return result;
}

// Valid inputs of the main operations, to make hostile at any depth.
const calls = metric('api_calls', 'sum_agg');
const context = {
  customer: customer(),
  subscription: subscription('2025-01-01T00:00:00Z'),
  plan: plan([charge(calls, 'standard', { amount: '2' }, { pay_in_advance: true })], {
    taxes: [tax('vat', 20)],
  }),
  billableMetrics: [calls],
  now: '2025-03-15T10:00:00Z',
};
const usage = { ...context, events: [event('api_calls', '2025-03-02T10:00:00Z', { value: '3' })] };
const estimate = { ...usage, event: estimated('api_calls', { value: '4' }) };
const period = { from_datetime: '2025-03-01T00:00:00Z', to_datetime: '2025-04-01T00:00:00Z' };
const preview = {
  customer: { external_id: 'cust_1', timezone: 'Europe/Paris' },
  subscriptions: [
    {
      subscription: { external_id: 'sub_1', started_at: '2025-01-01T00:00:00Z' },
      plan: {
        code: 'startup',
        interval: 'monthly',
        amount_cents: 4900,
        amount_currency: 'EUR',
        charges: [
          {
            billable_metric_code: 'api_calls',
            charge_model: 'standard',
            properties: { amount: '2' },
          },
        ],
      },
    },
  ],
  billableMetrics: [{ code: 'api_calls', aggregation_type: 'sum_agg', field_name: 'value' }],
  events: [event('api_calls', '2025-03-02T10:00:00Z', { value: '3' })],
  taxes: { billing_entity: [{ code: 'vat', rate: 20 }] },
  appliedCoupons: [
    {
      coupon: {
        code: 'welcome',
        coupon_type: 'fixed_amount',
        amount_cents: 500,
        amount_currency: 'EUR',
      },
    },
  ],
  wallets: [{ currency: 'EUR', credits_balance: '10' }],
  now: '2025-03-15T10:00:00Z',
};

/** Each main function with its valid arguments. */
const VALID: readonly (readonly [string, readonly unknown[]])[] = [
  ['estimateFees', [estimate]],
  ['currentUsage', [usage]],
  ['projectedUsage', [usage]],
  ['forecastWallets', [{ ...usage, wallets: [{ currency: 'EUR', credits_balance: '10' }] }]],
  ['createEstimator', [context]],
  ['createFedEstimator', [context]],
  ['createUsageMeter', [context]],
  ['prepareUsage', [{ plan: context.plan, billableMetrics: context.billableMetrics }]],
  [
    'createPreviewEstimator',
    [context, [engine.standardModel, engine.countAggregation, engine.sumAggregation]],
  ],
  ['createPreviewSetEstimator', [context, [engine.standardModel, engine.sumAggregation]]],
  ['previewInvoice', [preview]],
  [
    'comparePlans',
    [
      {
        ...preview,
        subscriptions: undefined,
        subscription: preview.subscriptions[0]?.subscription,
        plans: [preview.subscriptions[0]?.plan],
      },
    ],
  ],
  [
    'backtest',
    [
      {
        plans: [{ ...preview.subscriptions[0]?.plan, code: 'candidate' }],
        subscriptions: [{ ...preview.subscriptions[0], customer: preview.customer }],
        billableMetrics: preview.billableMetrics,
        events: preview.events,
        taxes: preview.taxes,
        coupons: preview.appliedCoupons,
        wallets: preview.wallets,
        from: '2025-02-01T00:00:00Z',
        to: '2025-04-01T00:00:00Z',
      },
    ],
  ],
  ['aggregate', [calls, usage.events, period]],
  [
    'previewInvoices',
    [
      {
        ...preview,
        subscriptions: undefined,
        subscription: preview.subscriptions[0]?.subscription,
        plan: preview.subscriptions[0]?.plan,
        periods: 2,
        usage: { rates: { api_calls: '3' } },
      },
    ],
  ],
  [
    'applyChargeModel',
    [
      { charge_model: 'standard', properties: { amount: '2' } },
      { units: '25', events_count: 3 },
    ],
  ],
  ['billingPeriod', [{ plan: context.plan, subscription: context.subscription, at: context.now }]],
  ['parseDecimal', ['12.50']],
];

describe('every public function returns an Either, never throws (issue 18 §3)', () => {
  it('every exported function is fallible (an Either) or listed with why it is not', () => {
    const names = functions.map(([name]) => name);
    for (const listed of [...OVER_ENGINE_VALUES, ...INSPECTORS, ...TWINS]) {
      expect(names).toContain(listed);
    }
    // 34 today, of both entries (their names are recorded in test/api-surface/).
    expect(fallible.length).toBeGreaterThan(30);
    for (const [name] of VALID) expect(fallible.map(([n]) => n)).toContain(name);
  });

  it('whatever the arguments: BigInts, symbols, null-prototype objects, throwing getters and proxies, cycles, huge arrays', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...fallible),
        fc.array(anyValue(), { minLength: 0, maxLength: 4 }),
        ([name, fn], args) => {
          expectEither(name, fn, args);
        },
      ),
      { numRuns: 600 },
    );
  }, 120_000);

  it('with a valid input made hostile at any depth', () => {
    const cases = fc.constantFrom(...VALID).chain(([name, args]) =>
      fc.tuple(
        fc.constant(name),
        fc
          .nat({ max: args.length - 1 })
          .chain((at) => withHostile(args[at]).map((made) => [at, made] as const)),
      ),
    );
    fc.assert(
      fc.property(cases, ([name, [at, made]]) => {
        const fn = shipped[name] as AnyFunction | undefined;
        if (fn === undefined) throw new Error(`no function ${name}`);
        const args = VALID.find(([n]) => n === name)?.[1] ?? [];
        const built = args.map((arg, i) => (i === at ? made : { name: 'valid', build: () => arg }));
        expectEither(name, fn, built);
      }),
      { numRuns: 400 },
    );
  }, 120_000);

  it('the objects they return answer further calls without throwing (estimator, accumulators, compiled charge models)', () => {
    const estimator = engine.createEstimator(context);
    const fed = internal.createFedEstimator(context);
    const meter = internal.createUsageMeter(context);
    const prepared = internal.prepareUsage(context);
    const part = isLeft(prepared) ? prepared : prepared.right.subscription(context);
    const preview = engine.createPreviewEstimator(context, [engine.standardModel]);
    const previewSet = engine.createPreviewSetEstimator(context, [engine.standardModel]);
    const accumulator = engine.createAccumulator(calls, period);
    const charges = engine.createChargesAccumulator(calls, [{}], period);
    const model = internal.compileChargeModel({
      charge_model: 'standard',
      properties: { amount: '2' },
    });
    if (
      isLeft(estimator) ||
      isLeft(fed) ||
      isLeft(meter) ||
      isLeft(prepared) ||
      isLeft(part) ||
      isLeft(preview) ||
      isLeft(previewSet) ||
      isLeft(accumulator) ||
      isLeft(charges) ||
      isLeft(model)
    ) {
      throw new Error('the valid inputs should be accepted');
    }
    fc.assert(
      fc.property(anyValue(), (value) => {
        expectEither('estimator.estimateFees', (r) => estimator.right.estimateFees(r as never), [
          value,
        ]);
        expectEither('fedEstimator.estimateFees', (r) => fed.right.estimateFees(r as never), [
          value,
        ]);
        expectEither('usageMeter.amounts', (r) => meter.right.amounts(r as never), [value]);
        for (const call of ['aggregations', 'current', 'projected', 'subscription'] as const) {
          expectEither(`preparedUsage.${call}`, (r) => prepared.right[call](r as never), [value]);
        }
        // A value priced ahead (as a state, or as the code) is met again by the calls after it.
        expectEither(
          'preparedSubscription.priceAhead',
          (c, s) => part.right.priceAhead(c as never, s as never),
          [value, value],
        );
        expectEither(
          'preparedSubscription.priceAhead',
          (s) => part.right.priceAhead(calls.code, s as never),
          [value],
        );
        for (const call of ['current', 'projected'] as const) {
          expectEither(`preparedSubscription.${call}`, (r) => part.right[call](r as never), [
            value,
          ]);
        }
        expectEither('preview.estimateFees', (r) => preview.right.estimateFees(r as never), [
          value,
        ]);
        expectEither(
          'previewSet.estimateFeesOf',
          (r) => previewSet.right.estimateFeesOf(r as never),
          [value],
        );
        expectEither('compiled.price', (c) => model.right.price(c as never, c as never), [value]);
        for (const acc of [accumulator.right, charges.right]) {
          expect(() => acc.add(value.build() as never)).not.toThrow();
          expect(() => acc.addAll(value.build() as never)).not.toThrow();
          expect(isEither(acc.merge(value.build() as never))).toBe(true);
          expect(() => acc.result()).not.toThrow();
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('predicates answer for any value, and the throwing twins throw only their documented Error', () => {
    fc.assert(
      fc.property(anyValue(), (value) => {
        for (const name of INSPECTORS) {
          const fn = shipped[name] as AnyFunction | undefined;
          expect(() => fn?.(value.build())).not.toThrow();
        }
        for (const name of TWINS) {
          const fn = shipped[name] as AnyFunction | undefined;
          try {
            fn?.(value.build());
          } catch (thrown) {
            expect(thrown).toBeInstanceOf(Error);
            expect((thrown as Error).cause).toHaveProperty('code');
          }
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});

describe('the cases of the issue', () => {
  it('applyChargeModel with a null-prototype events_count is a Left, not a TypeError from its message', () => {
    const result = engine.applyChargeModel(
      { charge_model: 'standard', properties: { amount: '1' } },
      { units: '25', events_count: Object.create(null) },
    );
    expect(isLeft(result) && result.left.code).toBe('invalid_input');
    expect(isLeft(result) && result.left.path).toEqual(['events_count']);
  });

  it('a BigInt anywhere in an input is a Left naming its path and what to pass', () => {
    const result = engine.estimateFees({
      ...estimate,
      plan: plan([charge(calls, 'standard', { amount: 2n }, { pay_in_advance: true })]),
    });
    expect(isLeft(result) && result.left).toMatchObject({
      code: 'invalid_input',
      path: ['plan', 'charges', '0', 'properties', 'amount'],
    });
    expect(isLeft(result) && result.left.message).toContain('decimal string such as "2"');
    // The error itself can be sent as JSON: nothing in it is a BigInt.
    expect(() => JSON.stringify(result)).not.toThrow();
  });

  it('a cycle, a throwing getter, a revoked proxy: Lefts with their paths', () => {
    const cyclic: Record<string, unknown> = { code: 'vat', rate: 20 };
    cyclic.self = cyclic;
    const getter = Object.defineProperty({}, 'external_id', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const cases = [
      [
        { ...context, taxes: { billing_entity: [cyclic] } },
        ['taxes', 'billing_entity', '0', 'self'],
      ],
      [{ ...context, customer: getter }, ['customer', 'external_id']],
      [{ ...context, plan: proxy }, ['plan']],
    ] as const;
    for (const [input, path] of cases) {
      const result = engine.currentUsage({ ...input, events: [] } as unknown as engine.UsageInput);
      expect(isLeft(result) && result.left).toMatchObject({ code: 'invalid_input', path });
    }
  });

  it('an event whose getter throws is rejected (unreadable_event), never a throw', () => {
    const bad = Object.defineProperty({ transaction_id: 'bad', code: 'api_calls' }, 'timestamp', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const good = event('api_calls', '2025-03-02T10:00:00Z', { value: '3' });
    const aggregated = engine.aggregate(calls, [good, bad as never], period);
    expect(isRight(aggregated) && aggregated.right.aggregation).toBe('3');
    expect(isRight(aggregated) && aggregated.right.rejected).toMatchObject([
      { transaction_id: 'bad', reason: 'unreadable_event' },
    ]);
    // Current usage prices the events it can read: 3 units at 2.00.
    const usageResult = engine.currentUsage({ ...usage, events: [good, bad as never] });
    expect(isRight(usageResult) && usageResult.right.customer_usage.charges_usage[0]?.units).toBe(
      '3',
    );
  });
});
