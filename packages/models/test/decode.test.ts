import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import {
  Charge,
  ChargeModel,
  ChargeOverride,
  decode,
  FilterValues,
  FixedChargeUnits,
  type Plan,
  PlanResponse,
  PlansResponse,
  RecordMetadata,
  Timestamp,
  UsageEvent,
  Wallet,
  WalletResponse,
} from '../src/index';
import { fixturesIn } from './support/fixtures';

/** A fresh copy of a good fixture, to break in one place. */
function fixture(file: string): Record<string, unknown> {
  const found = fixturesIn('').find((f) => f.file === file);
  if (found === undefined) throw new Error(`no fixture ${file}`);
  return structuredClone(found.json) as Record<string, unknown>;
}

function problems(codec: Parameters<typeof decode>[0], input: unknown) {
  const result = decode(codec, input);
  if (result._tag === 'Right') throw new Error('decoded');
  return result.left.problems;
}

type Json = Record<string, never> & Record<string, unknown>;
const at = (value: unknown, ...keys: (string | number)[]): Json =>
  keys.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], value) as Json;

describe('decode reports every problem with its path', () => {
  it('renders nested keys with dots and array indexes in brackets', () => {
    const plans = fixture('response.plans.json');
    const charges = at(plans, 'plans', 0, 'charges') as unknown as unknown[];
    charges[2] = structuredClone(charges[1]); // a graduated charge at index 2
    at(charges, 2, 'properties', 'graduated_ranges', 1).to_value = '100' as never;
    at(plans, 'plans', 0).amount_cents = 10.5 as never;
    expect(problems(PlansResponse, plans)).toEqual([
      { path: 'plans[0].amount_cents', expected: 'Cents | null', actual: 10.5 },
      {
        path: 'plans[0].charges[2].properties.graduated_ranges[1].to_value',
        expected: 'NonNegativeNumber | null',
        actual: '100',
      },
    ]);
  });

  it('quotes keys that are not identifiers', () => {
    expect(problems(FilterValues, { 'cloud region': ['eu'], 'a.b': 'x', '0': [1] })).toEqual([
      { path: '["0"][0]', expected: 'string', actual: 1 },
      { path: '["a.b"]', expected: 'Array<string>', actual: 'x' },
    ]);
  });

  it('reports a missing key with `actual: undefined` and says so', () => {
    const wallet = fixture('response.wallet.json');
    delete at(wallet, 'wallet').currency;
    const result = decode(WalletResponse, wallet);
    if (result._tag === 'Right') throw new Error('decoded');
    expect(result.left.problems).toEqual([
      { path: 'wallet.currency', expected: 'CurrencyCode', actual: undefined },
    ]);
    expect(result.left.message).toBe(
      [
        'Could not decode WalletResponse: 1 problem',
        '- wallet.currency: expected CurrencyCode (three upper-case letters such as "USD"), found nothing (the key is missing)',
      ].join('\n'),
    );
  });

  it('lists every problem, and caps the message (not the list) at 20 lines', () => {
    const input = { lago_id: 1 } as Record<string, unknown>;
    const all = problems(Wallet, input);
    expect(all.length).toBeGreaterThan(20);
    const result = decode(Wallet, input);
    if (result._tag === 'Right') throw new Error('decoded');
    expect(result.left.message.split('\n')).toHaveLength(22);
    expect(result.left.message).toMatch(/- \.\.\. and \d+ more$/);
  });

  it('reports a value that is not an object once, at its path', () => {
    expect(problems(WalletResponse, { wallet: 'w' })).toEqual([
      { path: 'wallet', expected: 'Wallet', actual: 'w' },
    ]);
    expect(problems(WalletResponse, null)).toEqual([
      { path: '$', expected: 'WalletResponse', actual: null },
    ]);
  });
});

describe('enums', () => {
  it('an unknown value is an error that lists the allowed values', () => {
    const [problem] = problems(ChargeModel, 'tiered');
    expect(problem?.expected).toBe(
      '"standard" | "graduated" | "graduated_percentage" | "package" | "percentage" | "volume" | "dynamic" | "custom"',
    );
    const wallet = fixture('response.wallet.json');
    at(wallet, 'wallet').status = 'frozen' as never;
    expect(problems(WalletResponse, wallet)).toEqual([
      { path: 'wallet.status', expected: '"active" | "terminated"', actual: 'frozen' },
    ]);
  });

  it('does not take inherited names for values', () => {
    for (const value of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(decode(ChargeModel, value)._tag).toBe('Left');
    }
  });
});

describe('unions report the most useful branch', () => {
  const plan = () => at(fixture('response.plan.json'), 'plan');

  it('charge properties are checked against charge_model, and only against it', () => {
    const graduated = at(plan(), 'charges', 1);
    graduated.properties = { amount: '10' } as never;
    expect(problems(Charge, graduated)).toEqual([
      {
        path: 'properties.graduated_ranges',
        expected: 'Array<PricingRange>',
        actual: undefined,
      },
    ]);
  });

  it('filter properties are checked against the charge model too', () => {
    const standard = at(plan(), 'charges', 2);
    at(standard, 'filters', 1, 'properties').amount = 5 as never;
    expect(problems(Charge, standard)).toEqual([
      { path: 'filters[1].properties.amount', expected: 'DecimalString', actual: 5 },
    ]);
  });

  it('an unknown charge model is reported at charge_model alone', () => {
    const charge = at(plan(), 'charges', 0);
    charge.charge_model = 'tiered' as never;
    charge.properties = 'anything' as never;
    const found = problems(Charge, charge);
    expect(found.map((problem) => problem.path)).toEqual(['charge_model']);
    expect(found[0]?.expected).toContain('"graduated_percentage"');
  });

  it('a plan-override charge without charge_model is recognised by its properties', () => {
    const ok = { id: 'c1', properties: { graduated_ranges: [] } };
    expect(decode(ChargeOverride, ok)._tag).toBe('Right');
    expect(
      problems(ChargeOverride, {
        id: 'c1',
        properties: { volume_ranges: [{ from_value: 0, to_value: null, flat_amount: '0' }] },
      }),
    ).toEqual([
      {
        path: 'properties.volume_ranges[0].per_unit_amount',
        expected: 'DecimalString',
        actual: undefined,
      },
    ]);
  });

  it('nullable values name the expectation `X | null` and report only what is wrong with X', () => {
    const wallet = fixture('response.wallet.json');
    at(wallet, 'wallet').expiration_at = '2026-07-07' as never;
    expect(problems(WalletResponse, wallet)).toEqual([
      { path: 'wallet.expiration_at', expected: 'Timestamp | null', actual: '2026-07-07' },
    ]);
  });

  it('untagged unions name the whole union when no branch got in', () => {
    expect(problems(FixedChargeUnits, 'ten')).toEqual([
      { path: '$', expected: 'FixedChargeUnits', actual: 'ten' },
    ]);
    expect(problems(UsageEvent, { transaction_id: 't', code: 'c', timestamp: true })).toEqual([
      { path: 'timestamp', expected: 'EventTimestamp', actual: true },
    ]);
  });

  it('entitlements decode wrapped (specification) and flat (reference server)', () => {
    const wrapped = fixture('response.plan.json');
    const entitlement = at(wrapped, 'plan', 'entitlements', 0, 'entitlement');
    const flat = structuredClone(wrapped);
    at(flat, 'plan').entitlements = [entitlement] as never;
    expect(decode(PlanResponse, wrapped)._tag).toBe('Right');
    expect(decode(PlanResponse, flat)._tag).toBe('Right');
    at(entitlement, 'privileges', 0).value = 'ten' as never;
    expect(problems(PlanResponse, flat)).toEqual([
      { path: 'plan.entitlements[0].privileges[0].value', expected: 'Integer', actual: 'ten' },
    ]);
  });
});

describe('decode never throws and never writes', () => {
  it('turns an input that throws when read into one problem at $', () => {
    const getter = Object.defineProperty({}, 'wallet', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const cyclic: Record<string, unknown> = { key: 'k' };
    cyclic.value = cyclic;
    const inputs: unknown[] = [getter, proxy, cyclic, 10n, Symbol('s'), () => 1, new Date(), []];
    const codecs: t.Mixed[] = [WalletResponse, Timestamp, PlansResponse];
    for (const [index, input] of inputs.entries()) {
      // A record of strings: only the first three inputs are objects with bad entries.
      for (const codec of index < 3 ? [...codecs, RecordMetadata] : codecs) {
        const result = decode(codec, input);
        expect(result._tag).toBe('Left');
        if (result._tag === 'Left') expect(result.left.message).toContain('Could not decode');
      }
    }
    const thrown = decode(WalletResponse, getter);
    expect(thrown._tag === 'Left' && thrown.left.problems[0]?.path).toBe('$');
    expect(thrown._tag === 'Left' && thrown.left.message).toContain('Error: boom');
  });

  it('returns the input itself and leaves a frozen input untouched', () => {
    const deepFreeze = (value: unknown): unknown => {
      if (typeof value === 'object' && value !== null) {
        for (const item of Object.values(value)) deepFreeze(item);
        Object.freeze(value);
      }
      return value;
    };
    const invoice = deepFreeze(fixture('response.plans.json'));
    const result = decode(PlansResponse, invoice);
    expect(result).toEqual({ _tag: 'Right', right: invoice });
    expect(result._tag === 'Right' && result.right).toBe(invoice);
  });

  it('keeps unknown extra keys (decode does not strip)', () => {
    const wallet = fixture('response.wallet.json');
    at(wallet, 'wallet').added_next_year = { anything: [1, 2] } as never;
    const result = decode(WalletResponse, wallet);
    expect(result._tag === 'Right' && at(result.right, 'wallet').added_next_year).toEqual({
      anything: [1, 2],
    });
    expect(result._tag === 'Right' && WalletResponse.encode(result.right)).toBe(wallet);
  });
});

describe('types are derived from the codecs', () => {
  it('a charge narrows on charge_model', () => {
    const result = decode(PlanResponse, fixture('response.plan.json'));
    if (result._tag === 'Left') throw new Error(result.left.message);
    const plan: Plan = result.right.plan;
    const tiers = plan.charges.flatMap((charge) =>
      charge.charge_model === 'graduated' ? charge.properties.graduated_ranges : [],
    );
    expect(tiers.map((tier) => tier.to_value)).toEqual([10, null]);
  });
});
