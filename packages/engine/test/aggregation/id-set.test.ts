import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdSet } from '../../src/aggregation/id-set';

describe('IdSet behaves like a Set of strings', () => {
  it('adds, finds and refuses repeats, through many growths', () => {
    const ids = new IdSet();
    for (let i = 0; i < 5000; i++) expect(ids.add(`tx_${i}`)).toBe(true);
    for (let i = 0; i < 5000; i++) expect(ids.add(`tx_${i}`)).toBe(false);
    expect(ids.size).toBe(5000);
    expect(ids.has('tx_4999')).toBe(true);
    expect(ids.has('tx_5000')).toBe(false);
    expect([...ids].slice(0, 2)).toEqual(['tx_0', 'tx_1']);
  });

  it('agrees with Set on any sequence of strings, collisions included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.string({ unit: 'binary' }))),
        (values) => {
          const ids = new IdSet();
          const reference = new Set<string>();
          for (const v of values) {
            expect(ids.add(v)).toBe(!reference.has(v));
            reference.add(v);
          }
          expect(ids.size).toBe(reference.size);
          expect([...ids]).toEqual([...reference]);
        },
      ),
    );
  });
});
