import fc from 'fast-check';
import * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import * as models from '../src/index';
import { decode, fromLagoKeys, toLagoKeys } from '../src/index';
import { anyValue, withHostile } from './hostile';
import { arbitraryOf } from './support/arbitraries';

/** Every codec the package exports, by its exported name. */
const codecs: [string, t.Mixed][] = [];
for (const [name, value] of Object.entries(models)) {
  if (value instanceof t.Type) codecs.push([name, value]);
}

/** The resources, shared objects and bodies users decode most; run with more examples. */
const main = [
  'Wallet',
  'WalletTransaction',
  'RecurringTransactionRule',
  'Subscription',
  'Plan',
  'Charge',
  'FixedCharge',
  'BillableMetric',
  'Coupon',
  'AppliedCoupon',
  'Invoice',
  'CreditNote',
  'Fee',
  'Customer',
  'CustomerProjectedUsage',
  'CustomerUsage',
  'UsageEvent',
  'PlansResponse',
  'UpdateSubscriptionRequest',
  'EstimateFeesResponse',
];

/** Every decode of these tests goes through this check: an Either, never an exception. */
function decodeChecked(codec: t.Mixed, input: unknown) {
  const result = decode(codec, input);
  expect(['Left', 'Right']).toContain(result._tag);
  if (result._tag === 'Left') {
    expect(result.left.problems.length).toBeGreaterThan(0);
    expect(typeof result.left.message).toBe('string');
  }
  return result;
}

function expectPrototypesClean(): void {
  const probe: Record<string, unknown> = {};
  expect(probe.polluted).toBeUndefined();
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(Object.keys(Array.prototype)).toEqual([]);
}

describe('encode(decode(x)) = x: every generated wire value decodes and encodes back unchanged', () => {
  it('covers every exported codec', () => {
    expect(codecs.length).toBeGreaterThan(100);
    for (const name of main) expect(codecs.map(([n]) => n)).toContain(name);
  });

  it('every exported codec encodes with the identity: decoding checks and brands, never transforms', () => {
    const transforming = codecs.filter(([, codec]) => codec.encode !== t.identity);
    expect(transforming.map(([name]) => name)).toEqual([]);
  });

  it.each(codecs)('%s', (name, codec) => {
    fc.assert(
      fc.property(arbitraryOf(codec), (x) => {
        const result = decode(codec, x);
        if (result._tag === 'Left') throw new Error(result.left.message);
        expect(codec.is(result.right)).toBe(true);
        expect(codec.encode(result.right)).toStrictEqual(x);
      }),
      { numRuns: main.includes(name) ? 60 : 15 },
    );
  });
});

describe('decode never throws on any JSON', () => {
  const mainCodecs = codecs.filter(([name]) => main.includes(name)).map(([, codec]) => codec);

  it('for any codec and any JSON value', () => {
    fc.assert(
      fc.property(fc.constantFrom(...codecs.map(([, c]) => c)), fc.jsonValue(), (codec, x) => {
        decodeChecked(codec, x);
      }),
      { numRuns: 500 },
    );
  });

  it('for a valid value with one part replaced by any JSON value, reporting paths that exist', () => {
    const replaced = fc
      .constantFrom(...mainCodecs)
      .chain((codec) => fc.tuple(fc.constant(codec), arbitraryOf(codec), fc.jsonValue(), fc.nat()));
    fc.assert(
      fc.property(replaced, ([codec, valid, junk, pick]) => {
        const broken = replaceOne(valid, junk, pick);
        decodeChecked(codec, broken);
      }),
      { numRuns: 300 },
    );
  });

  it('for objects with __proto__, constructor and prototype keys, and null-prototype objects', () => {
    const key = fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'hasOwnProperty',
      'wallet',
      'plans',
      'charge_model',
      'properties',
    );
    const hostile = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 1 }),
        tie('object'),
        fc.array(tie('value'), { maxLength: 3 }),
      ),
      object: fc.oneof(
        fc.dictionary(key, tie('value'), { maxKeys: 4 }),
        fc.dictionary(key, tie('value'), { maxKeys: 4, noNullPrototype: false }),
        fc.object({ key, withNullPrototype: true, maxDepth: 2 }),
      ),
    }));
    fc.assert(
      fc.property(
        fc.constantFrom(...codecs.map(([, c]) => c)),
        fc.oneof(
          hostile.value,
          hostile.object.map((o) => JSON.parse(JSON.stringify(o))),
        ),
        (codec, x) => {
          decodeChecked(codec, x);
          fromLagoKeys(x);
          toLagoKeys(x);
          expectPrototypesClean();
        },
      ),
      { numRuns: 500 },
    );
  });

  it('for JSON text that sets __proto__ (what JSON.parse gives an attacker)', () => {
    const texts = [
      '{"__proto__": {"polluted": true}}',
      '{"wallet": {"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}}',
      '{"plans": [{"charges": [{"charge_model": "__proto__", "properties": {"__proto__": {"polluted": 1}}}]}], "meta": {"__proto__": null}}',
      '{"customer_projected_usage": {"charges_usage": [{"filters": [{"values": {"__proto__": ["x"]}}]}]}}',
      '{"lago_id": {"__proto__": {"polluted": true}}, "__proto__": {"lago_x": 1}}',
    ];
    for (const text of texts) {
      const x: unknown = JSON.parse(text);
      for (const [, codec] of codecs) decodeChecked(codec, x);
      const renamed = fromLagoKeys(x);
      expect(JSON.stringify(toLagoKeys(renamed))).toBe(JSON.stringify(x));
      expectPrototypesClean();
    }
  });
});

describe('lago_ keys', () => {
  it.each(codecs.filter(([name]) => main.includes(name)))(
    'a %s exported with lago_ keys decodes after fromLagoKeys, unchanged',
    (_name, codec) => {
      fc.assert(
        fc.property(arbitraryOf(codec), (x) => {
          const lago = toLagoKeys(x);
          expect(JSON.stringify(lago)).not.toMatch(/"svc_/);
          const back = fromLagoKeys(lago);
          const result = decode(codec, back);
          if (result._tag === 'Left') throw new Error(result.left.message);
          // Keys that already started with `lago_` (random record keys) are the only change.
          if (!JSON.stringify(x).includes('"lago_')) expect(back).toStrictEqual(x);
        }),
        { numRuns: 20 },
      );
    },
  );
});

/** `value` with the `pick`-th node (in depth-first order, root excluded) replaced by `junk`. */
function replaceOne(value: unknown, junk: unknown, pick: number): unknown {
  const nodes: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        nodes.push({ parent: node, key: index });
        visit(item);
      });
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, item] of Object.entries(node)) {
        nodes.push({ parent: node as Record<string, unknown>, key });
        visit(item);
      }
    }
  };
  const copy: unknown = structuredClone(value);
  visit(copy);
  const target = nodes[pick % Math.max(nodes.length, 1)];
  if (target === undefined) return junk;
  if (Array.isArray(target.parent)) target.parent[Number(target.key)] = junk;
  else Object.defineProperty(target.parent, target.key, { value: junk, enumerable: true });
  return copy;
}

describe('no public function of the package throws on hostile values', () => {
  // Every exported function, enumerated: a function added to the package is covered here.
  const functions = Object.entries(models).filter(
    (entry): entry is [string, (...args: unknown[]) => unknown] =>
      typeof entry[1] === 'function' && !(entry[1] instanceof t.Type),
  );

  it('lists the functions it runs', () => {
    expect(functions.map(([name]) => name).sort()).toEqual([
      'checkResource',
      'decode',
      'fromLagoKeys',
      'isCents',
      'isCurrencyCode',
      'isDecimalString',
      'isEventTimestamp',
      'isFiniteNumber',
      'isInteger',
      'isIsoDate',
      'isNonNegativeInteger',
      'isNonNegativeNumber',
      'isPositiveInteger',
      'isRate',
      'isTimestamp',
      'isUuid',
      'jsonSchemaBuilder',
      'jsonSchemaOf',
      'toLagoKeys',
    ]);
  });

  it('decode of every codec: a Left or a Right, for a BigInt, a symbol, a cycle, a throwing getter or proxy, a huge array...', () => {
    fc.assert(
      fc.property(fc.constantFrom(...codecs.map(([, c]) => c)), anyValue(), (codec, value) => {
        decodeChecked(codec, value.build());
      }),
      { numRuns: 500 },
    );
  });

  it('decode of a valid value with one part made hostile: a Left or a Right', () => {
    const cases = fc
      .constantFrom(...codecs.filter(([name]) => main.includes(name)).map(([, c]) => c))
      .chain((codec) =>
        fc.tuple(
          fc.constant(codec),
          arbitraryOf(codec).chain((valid) => withHostile(valid)),
        ),
      );
    fc.assert(
      fc.property(cases, ([codec, value]) => {
        decodeChecked(codec, value.build());
      }),
      { numRuns: 300 },
    );
  });

  it('every other function returns, whatever it is given', () => {
    fc.assert(
      fc.property(fc.constantFrom(...functions), anyValue(), anyValue(), ([, fn], a, b) => {
        expect(() => fn(a.build(), b.build())).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it('fromLagoKeys keeps what it cannot read, for decode to report', () => {
    const throwing = Object.defineProperty({}, 'lago_id', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const renamed = fromLagoKeys({ wallet: throwing, lago_id: 'x' }) as Record<string, unknown>;
    expect(renamed.wallet).toBe(throwing);
    expect(renamed.svc_id).toBe('x');
    expect(decode(models.WalletResponse, renamed)._tag).toBe('Left');
    expect(models.isTimestamp(10n)).toBe(false);
  });
});
