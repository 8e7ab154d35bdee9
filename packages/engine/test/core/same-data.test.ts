import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameData } from '../../src/core/same-data';

/** JSON values (objects with keys in any order). */
const json = fc.jsonValue({ maxDepth: 4 });

/**
 * `value` copied, each object's keys in reverse order. The copy defines each key as its own
 * (`Object.fromEntries`): an assignment of `__proto__`, a key JSON may have, would set the
 * copy's prototype instead.
 */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .reverse()
      .map((key) => [key, reordered(record[key])]),
  );
}

describe('sameData', () => {
  it.each([
    ['the same object', { a: 1 }, undefined, true],
    [
      'equal objects, keys in another order',
      { a: [1, { b: 2 }], c: 'x' },
      { c: 'x', a: [1, { b: 2 }] },
      true,
    ],
    ['a key more (set to null)', { a: 1 }, { a: 1, b: null }, false],
    ['another key of the same count', { a: 1, b: undefined }, { a: 1, c: undefined }, false],
    ['arrays in another order', [1, 2], [2, 1], false],
    ['an array and an object of the same keys', ['x'], { 0: 'x' }, false],
    ['a number and its text', { a: 1 }, { a: '1' }, false],
    ['null and an empty object', null, {}, false],
    ['a changed leaf deep inside', { a: [{ b: { c: 1 } }] }, { a: [{ b: { c: 2 } }] }, false],
    // JSON's "__proto__" is an own key like any other.
    [
      'an own __proto__ key and its copy',
      JSON.parse('{"__proto__":[]}'),
      JSON.parse('{"__proto__":[]}'),
      true,
    ],
    ['an own __proto__ key and no key', JSON.parse('{"__proto__":[]}'), {}, false],
  ])('%s', (_, a, b, same) => {
    expect(sameData(a, b === undefined ? a : b)).toBe(same);
    expect(sameData(b === undefined ? a : b, a)).toBe(same);
  });

  it('a value is the same data as its copy, whatever the order of its keys', () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(sameData(value, structuredClone(value))).toBe(true);
        expect(sameData(value, reordered(value))).toBe(true);
      }),
    );
  });

  it('is the equality of JSON texts with sorted keys', () => {
    const sorted = (value: unknown): string =>
      JSON.stringify(value, (_, v: unknown) =>
        typeof v === 'object' && v !== null && !Array.isArray(v)
          ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
          : v,
      );
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(sameData(a, b)).toBe(sorted(a) === sorted(b));
      }),
    );
  });
});
