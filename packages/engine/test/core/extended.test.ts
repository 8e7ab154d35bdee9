import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extended } from '../../src/core/extended';

/** Plain objects of a few keys, `__proto__` among them as JSON.parse writes it (an own key). */
const record = fc
  .dictionary(fc.constantFrom('a', 'b', 'c', 'd', '__proto__'), fc.integer(), { maxKeys: 4 })
  .map((entries) => JSON.parse(JSON.stringify(entries)) as Record<string, number>);

describe('extended', () => {
  it('gives what { ...base, ...fields } gives: the same keys in the same order, the same values and prototype', () => {
    fc.assert(
      fc.property(record, record, (base, fields) => {
        const got = extended(base, fields);
        const spread = { ...base, ...fields };
        expect(Object.getPrototypeOf(got)).toBe(Object.getPrototypeOf(spread));
        expect(Reflect.ownKeys(got)).toEqual(Reflect.ownKeys(spread));
        for (const key of Reflect.ownKeys(spread)) {
          expect(Object.getOwnPropertyDescriptor(got, key)).toEqual(
            Object.getOwnPropertyDescriptor(spread, key),
          );
        }
      }),
    );
  });

  it('writes a later field over an earlier one, and leaves both inputs as they were', () => {
    const base = { a: 1, b: 2 };
    const fields = { b: 3, c: 4 };
    expect(extended(base, fields)).toEqual({ a: 1, b: 3, c: 4 });
    expect(Object.keys(extended(base, fields))).toEqual(['a', 'b', 'c']);
    expect(base).toEqual({ a: 1, b: 2 });
    expect(fields).toEqual({ b: 3, c: 4 });
  });

  it('keeps an own __proto__ key a property, as the spread does, not the prototype', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as object;
    const got = extended(parsed, { b: 2 }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    expect(got.polluted).toBeUndefined();
    expect(Object.hasOwn(got, '__proto__')).toBe(true);
    expect(got.b).toBe(2);
  });

  it('copies enumerable symbol keys and leaves out non-enumerable ones, as the spread does', () => {
    const shown = Symbol('shown');
    const hidden = Symbol('hidden');
    const base = { a: 1, [shown]: 'x' };
    Object.defineProperty(base, hidden, { value: 'y', enumerable: false });
    const got = extended(base, { b: 2 });
    expect(Reflect.ownKeys(got)).toEqual(['a', 'b', shown]);
    expect(Reflect.ownKeys({ ...base, b: 2 })).toEqual(['a', 'b', shown]);
  });
});
