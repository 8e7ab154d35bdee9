// Issue 23: the state's growing collections as persistent chunked lists. Laws: any sequence of
// appends and replacements, each made from any earlier version (the newest, or an older one as
// a test answering two requests from one state or a server going back to the state on disk
// does), gives what the same operations give on plain arrays, and every earlier version still
// holds exactly its own items. The items appended since an older version are found without a
// pass; the JSON is the array's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appendItem,
  appendItems,
  CHUNK,
  ChunkedList,
  itemsSince,
  listOf,
} from '../../src/server/state/chunked-list';
import { replaceItem, replaceItems } from '../../src/server/state/replace-item';

interface Item {
  readonly svc_id: string;
  readonly n: number;
}

let counter = 0;
function item(): Item {
  counter += 1;
  return { svc_id: `id_${counter}`, n: counter };
}

/** One operation, made from the version at `from` (an index into the versions so far, modulo). */
type Op =
  | { kind: 'append'; from: number }
  | { kind: 'appendAll'; from: number; count: number }
  | { kind: 'replaceAt'; from: number; at: number }
  | { kind: 'replaceItem'; from: number; at: number }
  | { kind: 'replaceItems'; from: number; at: readonly number[] };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('append' as const), from: fc.nat() }),
  fc.record({
    kind: fc.constant('appendAll' as const),
    from: fc.nat(),
    count: fc.integer({ min: 0, max: 3 * CHUNK }),
  }),
  fc.record({ kind: fc.constant('replaceAt' as const), from: fc.nat(), at: fc.nat() }),
  fc.record({ kind: fc.constant('replaceItem' as const), from: fc.nat(), at: fc.nat() }),
  fc.record({
    kind: fc.constant('replaceItems' as const),
    from: fc.nat(),
    at: fc.array(fc.nat(), { maxLength: 4 }),
  }),
);

/** A version: the list and the array the same operations made, and the array's copy when made. */
interface Version {
  readonly list: ChunkedList<Item>;
  readonly model: readonly Item[];
  readonly frozen: readonly Item[];
  /** The items an append-only operation added to its parent (for `itemsSince`). */
  readonly appended?: { readonly parent: number; readonly items: readonly Item[] };
}

function step(versions: readonly Version[], op: Op): Version {
  const parentIndex = op.from % versions.length;
  const parent = versions[parentIndex] as Version;
  const { list, model } = parent;
  const pick = (at: number) => (model.length === 0 ? -1 : at % model.length);
  switch (op.kind) {
    case 'append': {
      const added = item();
      const next = [...model, added];
      return {
        list: list.append(added),
        model: next,
        frozen: next,
        appended: { parent: parentIndex, items: [added] },
      };
    }
    case 'appendAll': {
      const added = Array.from({ length: op.count }, item);
      const next = model.concat(added);
      return {
        list: list.appendAll(added),
        model: next,
        frozen: next,
        appended: { parent: parentIndex, items: added },
      };
    }
    case 'replaceAt': {
      const at = pick(op.at);
      const replacement = item();
      const next = model.map((x, i) => (i === at ? replacement : x));
      return { list: list.replaceAt(at, replacement), model: next, frozen: next.slice() };
    }
    case 'replaceItem': {
      const at = pick(op.at);
      const replacement = item();
      const old = model[at] ?? item();
      const next = model.map((x) => (x === old ? replacement : x));
      return { list: replaceItem(list, old, replacement), model: next, frozen: next.slice() };
    }
    case 'replaceItems': {
      const updates = new Map<number, Item>();
      for (const at of op.at) {
        const index = pick(at);
        const old = model[index];
        if (old !== undefined) updates.set(index, { svc_id: old.svc_id, n: -old.n });
      }
      const next = model.map((x, i) => updates.get(i) ?? x);
      return {
        list: replaceItems(list, [...updates.values()]),
        model: next,
        frozen: next.slice(),
      };
    }
  }
}

function expectSame(list: ChunkedList<Item>, model: readonly Item[]): void {
  expect(list.length).toBe(model.length);
  const items = [...list];
  expect(items.length).toBe(model.length);
  for (let i = 0; i < model.length; i++) {
    if (items[i] !== model[i]) expect.fail(`item ${i}: ${items[i]?.n} instead of ${model[i]?.n}`);
  }
  expect(list.toJSON()).toEqual(model);
  expect(JSON.stringify(list)).toBe(JSON.stringify(model));
}

describe('ChunkedList', () => {
  it('a sequence of appends and replacements, from any version, equals the same on arrays; older versions keep their items', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 * CHUNK + 3 }),
        fc.array(opArb, { minLength: 1, maxLength: 25 }),
        (initial, ops) => {
          const start = Array.from({ length: initial }, item);
          const versions: Version[] = [
            { list: ChunkedList.of(start), model: start, frozen: start.slice() },
          ];
          for (const op of ops) versions.push(step(versions, op));
          for (const version of versions) {
            // The array the operations made then, unchanged by what was done after.
            expectSame(version.list, version.frozen);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('finds the items appended since an older version, and says when a version is not one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 * CHUNK + 3 }),
        fc.array(opArb, { minLength: 1, maxLength: 20 }),
        (initial, ops) => {
          const start = Array.from({ length: initial }, item);
          const versions: Version[] = [
            { list: ChunkedList.of(start), model: start, frozen: start.slice() },
          ];
          for (const op of ops) versions.push(step(versions, op));
          for (const version of versions) {
            if (version.appended !== undefined) {
              const parent = versions[version.appended.parent] as Version;
              expect(itemsSince(parent.list, version.list)).toEqual(version.appended.items);
            }
          }
          // Any two versions: either the later starts with the earlier's items and the answer is
          // the rest, or it does not and the answer is undefined.
          for (const a of versions) {
            for (const b of versions) {
              const added = itemsSince(a.list, b.list);
              const prefix =
                b.frozen.length >= a.frozen.length && a.frozen.every((x, i) => b.frozen[i] === x);
              if (!prefix) expect(added).toBeUndefined();
              else expect(added).toEqual(b.frozen.slice(a.frozen.length));
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reads as an array does: at, find, findIndex, filter, map, flatMap, some, every, slice, indexOf', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 * CHUNK + 3 }),
        fc.integer({ min: -CHUNK * 3, max: CHUNK * 3 }),
        fc.integer({ min: -CHUNK * 3, max: CHUNK * 3 }),
        (length, a, b) => {
          const model = Array.from({ length }, item);
          const list = ChunkedList.of(model).append(item()).replaceAt(0, item());
          const array = [...list];
          const even = (x: Item) => x.n % 2 === 0;
          expect(list.at(a)).toBe(array.at(a));
          expect(list.find(even)).toBe(array.find(even));
          expect(list.findIndex(even)).toBe(array.findIndex(even));
          expect(list.filter(even)).toEqual(array.filter(even));
          expect(list.map((x, i) => x.n + i)).toEqual(array.map((x, i) => x.n + i));
          expect(list.flatMap((x) => (even(x) ? [x, x] : []))).toEqual(
            array.flatMap((x) => (even(x) ? [x, x] : [])),
          );
          expect(list.some(even)).toBe(array.some(even));
          expect(list.every(even)).toBe(array.every(even));
          expect(list.slice(a, b)).toEqual(array.slice(a, b));
          expect(list.slice(a)).toEqual(array.slice(a));
          const probe = array.at(a);
          if (probe !== undefined) expect(list.indexOf(probe)).toBe(array.indexOf(probe));
          expect([...list.entries()]).toEqual([...array.entries()]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('makes a list of an array once, and leaves the array as it was', () => {
    const array = Array.from({ length: CHUNK + 1 }, item);
    const copy = array.slice();
    const a = appendItem(array, item());
    const b = appendItems(array, [item(), item()]);
    expect(listOf(array)).toBe(listOf(array));
    expect(array).toEqual(copy);
    expect(a.length).toBe(CHUNK + 2);
    expect(b.length).toBe(CHUNK + 3);
    // `a` took the next place of the array's list; `b`, made from the same array, copied.
    expect(a.at(-1)).not.toBe(b.at(-2));
    expect(itemsSince(array, a)).toEqual([a.at(-1)]);
    expect(itemsSince(array, b)).toEqual(b.slice(CHUNK + 1));
    expect(itemsSince(a, b)).toBeUndefined();
    expect(appendItems(array, [])).toBe(array);
  });
});
