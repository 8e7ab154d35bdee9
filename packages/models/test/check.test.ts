/**
 * `checkResource`, the slim check: the table written from the codecs is the committed one, and
 * for any input (valid, mutated, junk or hostile) it answers exactly what `decode` with the
 * resource's codec answers: the same value, or the same problems (paths, expectations, values)
 * and the same message.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHECKED, checkTableText, TABLE_FILE } from '../scripts/checks-table';
import { type CheckedResources, checkResource, decode } from '../src/index';
import { anyValue, withHostile } from './hostile';
import { arbitraryOf } from './support/arbitraries';

type Name = keyof CheckedResources;
const NAMES = Object.keys(CHECKED) as Name[];

/** Checks `input` both ways and expects the same answer. */
function expectSame(name: Name, input: unknown): void {
  const decoded = decode(CHECKED[name], input);
  const checked = checkResource(name, input);
  expect(checked._tag).toBe(decoded._tag);
  if (checked._tag === 'Right' && decoded._tag === 'Right') {
    expect(checked.right).toBe(decoded.right);
  } else if (checked._tag === 'Left' && decoded._tag === 'Left') {
    expect(checked.left.message).toBe(decoded.left.message);
    const where = (problems: typeof checked.left.problems) =>
      problems.map((problem) => `${problem.path}: ${problem.expected}`);
    expect(where(checked.left.problems)).toEqual(where(decoded.left.problems));
    checked.left.problems.forEach((problem, i) => {
      expect(Object.is(problem.actual, decoded.left.problems[i]?.actual)).toBe(true);
    });
  }
}

/** Values a mutation puts in: JSON, the wrong kind of right-looking value, nothing. */
const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    undefined,
    null,
    '',
    'standard',
    'graduated',
    'package',
    'percentage',
    'dynamic',
    'sum_agg',
    'monthly',
    'integer',
    'select',
    'USD',
    'usd',
    '12.5',
    '1e3',
    '.5',
    '2025-02-29T00:00:00Z',
    '2024-02-29',
    '66a81770-c736-48e0-9785-c276e2366448',
    -1,
    0,
    1.5,
    2 ** 53,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    true,
    [],
    {},
    [null, 'x'],
  ),
);

/** Keys a mutation adds: the keys that pick a union's branch, and others. */
const key = fc.constantFrom(
  'charge_model',
  'value_type',
  'entitlement',
  'graduated_ranges',
  'graduated_percentage_ranges',
  'volume_ranges',
  'package_size',
  'free_units',
  'rate',
  'custom_properties',
  'properties',
  'filters',
  'taxes',
  'svc_id',
  'extra',
  '0',
  '__proto__',
);

type Mutation =
  | { readonly kind: 'replace'; readonly pick: number; readonly value: unknown }
  | { readonly kind: 'remove'; readonly pick: number }
  | { readonly kind: 'add'; readonly pick: number; readonly key: string; readonly value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), value: junk }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('add' as const), pick: fc.nat(), key, value: junk }),
);

/** Every object and array inside `value` (each once), the root first. */
function containers(value: unknown, out: object[] = []): object[] {
  if (typeof value === 'object' && value !== null && !out.includes(value)) {
    out.push(value);
    for (const item of Object.values(value)) containers(item, out);
  }
  return out;
}

/** `valid` (a fresh copy) with `mutations` applied in turn. */
function mutated(valid: unknown, mutations: readonly Mutation[]): unknown {
  const copy: unknown = structuredClone(valid);
  let root = copy;
  for (const change of mutations) {
    const all = containers(root);
    const target = all[change.pick % Math.max(all.length, 1)];
    // Each change puts in a copy of its value: values are never shared, so never cyclic.
    const value = change.kind === 'remove' ? undefined : structuredClone(change.value);
    if (target === undefined) {
      if (change.kind === 'replace') root = value;
      continue;
    }
    const keys = Object.keys(target);
    const at = keys[change.pick % Math.max(keys.length, 1)];
    if (change.kind === 'add') {
      Object.defineProperty(target, change.key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else if (at !== undefined && change.kind === 'remove') {
      if (Array.isArray(target)) target.splice(Number(at), 1);
      else delete (target as Record<string, unknown>)[at];
    } else if (at !== undefined && change.kind === 'replace') {
      (target as Record<string, unknown>)[at] = value;
    }
  }
  return root;
}

describe('checkResource', () => {
  it('reads the table the codecs give (scripts/checks-table.ts writes it; the build runs it)', () => {
    expect(readFileSync(TABLE_FILE, 'utf8')).toBe(checkTableText());
  });

  it('answers what decode answers for valid resources: the input itself', () => {
    for (const name of NAMES) {
      fc.assert(
        fc.property(arbitraryOf(CHECKED[name]), (valid) => {
          expect(checkResource(name, valid)._tag).toBe('Right');
          expectSame(name, valid);
        }),
        { numRuns: 40 },
      );
    }
  });

  it('answers what decode answers for valid resources with up to three changes', () => {
    const cases = fc
      .constantFrom(...NAMES)
      .chain((name) =>
        fc.tuple(
          fc.constant(name),
          arbitraryOf(CHECKED[name]),
          fc.array(mutation, { minLength: 1, maxLength: 3 }),
        ),
      );
    let refused = 0;
    fc.assert(
      fc.property(cases, ([name, valid, changes]) => {
        const input = mutated(valid, changes);
        if (checkResource(name, input)._tag === 'Left') refused++;
        expectSame(name, input);
      }),
      { numRuns: 1500 },
    );
    // The changes are not all harmless: most inputs are refused.
    expect(refused).toBeGreaterThan(500);
  });

  it('answers what decode answers for any JSON, and for anything', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMES), fc.jsonValue(), (name, input) => {
        expectSame(name, input);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.constantFrom(...NAMES), anyValue(), (name, value) => {
        expectSame(name, value.build());
      }),
      { numRuns: 300 },
    );
  });

  it('answers what decode answers for a valid resource with one part made hostile', () => {
    const cases = fc.constantFrom(...NAMES).chain((name) =>
      fc.tuple(
        fc.constant(name),
        arbitraryOf(CHECKED[name]).chain((valid) => withHostile(valid)),
      ),
    );
    fc.assert(
      fc.property(cases, ([name, value]) => {
        expectSame(name, value.build());
      }),
      { numRuns: 300 },
    );
  });

  it('lists every problem with decode’s message', () => {
    // A tax with only its code: six required keys missing, each with what it takes.
    const result = checkResource('Tax', { code: 'vat' });
    expect(result._tag === 'Left' && result.left.message).toBe(
      [
        'Could not decode Tax: 6 problems',
        '- svc_id: expected Uuid (a UUID string such as "66a81770-c736-48e0-9785-c276e2366448"), found nothing (the key is missing)',
        '- name: expected string, found nothing (the key is missing)',
        '- description: expected string | null, found nothing (the key is missing)',
        '- rate: expected Rate (a percentage, as a JSON number), found nothing (the key is missing)',
        '- applied_to_organization: expected boolean, found nothing (the key is missing)',
        '- created_at: expected Timestamp (an ISO 8601 UTC timestamp string: "2025-01-15T10:00:00Z", "2025-01-15T10:00:00.000Z" or "2025-01-15T10:00:00+00:00"), found nothing (the key is missing)',
      ].join('\n'),
    );
  });

  it('a name it does not check is a Left at $, not a throw', () => {
    const result = checkResource('Wallet' as Name, {});
    expect(result._tag === 'Left' && result.left.problems[0]?.path).toBe('$');
    expect(checkResource(Symbol('x') as unknown as Name, {})._tag).toBe('Left');
  });
});
