import {
  isCents,
  isCurrencyCode,
  isDecimalString,
  isEventTimestamp,
  isFiniteNumber,
  isInteger,
  isIsoDate,
  isNonNegativeInteger,
  isNonNegativeNumber,
  isPositiveInteger,
  isRate,
  isTimestamp,
  isUuid,
} from '../primitives/predicates';
import { alternatives, chosenMember, taggedMember } from './choice';
import type { DecodeProblem } from './failure';
import { pathWith } from './failure';
import { MAX_ELEMENT_PROBLEMS, MAX_LIST_LENGTH } from './limits';
import { ownValue } from './own';

/**
 * A codec in a check table: the name of a primitive (`string`, `Uuid`, `Cents`...) or the
 * index of a node of the table.
 */
export type CheckRef = string | number;

/**
 * A node of a check table: a codec of this package written as data, its kind first and its
 * name (the codec's `name`) second, `null` when the name is the one its parts give it
 * ({@link derivedName}). scripts/checks-table.ts writes the table from the codecs.
 */
export type CheckNode =
  /** `struct`: its required and its optional keys. */
  | readonly ['s', string, Readonly<Record<string, CheckRef>>, Readonly<Record<string, CheckRef>>]
  /** `nullable`: the codec of the value when it is not `null`. */
  | readonly ['n', string | null, CheckRef]
  /** `array`: the codec of the items. */
  | readonly ['a', string | null, CheckRef]
  /** `dict`: the codec of the values. */
  | readonly ['d', string, CheckRef]
  /** An enumeration: its values. */
  | readonly ['e', string | null, readonly string[]]
  /** A literal: its value. */
  | readonly ['l', string | null, string | number | boolean]
  /** `taggedUnion`: the tag's key, each tag's branch, the branch of an object without the tag. */
  | readonly ['t', string, string, Readonly<Record<string, CheckRef>>, CheckRef | null]
  /** `chosenUnion`: its rules (keys, branch), the fallback, whether a key counts when owned. */
  | readonly ['c', string, readonly (readonly [readonly string[], CheckRef])[], CheckRef, boolean]
  /** `oneOf`: its members, tried in order. */
  | readonly ['o', string, readonly CheckRef[]];

/** A check table: its nodes, and the node of each root codec by name. */
export interface CheckTable {
  readonly nodes: readonly CheckNode[];
  readonly roots: Readonly<Record<string, number>>;
}

const isRecord = (u: unknown): u is Record<string, unknown> =>
  u !== null && typeof u === 'object' && !Array.isArray(u);

/** What each primitive of a table accepts: io-ts's own codecs and the branded primitives. */
const PRIMITIVES: ReadonlyMap<string, (u: unknown) => boolean> = new Map<
  string,
  (u: unknown) => boolean
>([
  ['string', (u) => typeof u === 'string'],
  ['number', (u) => typeof u === 'number'],
  ['boolean', (u) => typeof u === 'boolean'],
  ['UnknownRecord', isRecord],
  ['Uuid', isUuid],
  ['Timestamp', isTimestamp],
  ['IsoDate', isIsoDate],
  ['DecimalString', isDecimalString],
  ['Cents', isCents],
  ['CurrencyCode', isCurrencyCode],
  ['FiniteNumber', isFiniteNumber],
  ['NonNegativeNumber', isNonNegativeNumber],
  ['Integer', isInteger],
  ['NonNegativeInteger', isNonNegativeInteger],
  ['PositiveInteger', isPositiveInteger],
  ['Rate', isRate],
  ['EventTimestamp', isEventTimestamp],
]);

/** The names of the primitives a table may name (scripts/checks-table.ts refuses others). */
export const PRIMITIVE_NAMES: readonly string[] = [...PRIMITIVES.keys()];

/**
 * Where a value sits: the key it was read at under its parent (`up`), and the codec expected
 * there. Its path and name are written only when a problem is found there.
 */
interface At {
  readonly up: At | undefined;
  readonly key: string;
  readonly inArray: boolean;
  readonly ref: CheckRef;
  /** How many contexts io-ts would hold here: 1 at the root, one more per key. */
  readonly depth: number;
}

/** A problem found, with the depth at which io-ts would report it. */
interface Found extends DecodeProblem {
  readonly depth: number;
}

/**
 * Checks `input` against the root `name` of `table` as the codec it was written from decodes
 * it: the problems io-ts would report, in the same order, with the same paths, expectations
 * and values (an empty list when it decodes). It may throw what reading the input throws.
 */
export function checkProblems(
  table: CheckTable,
  name: string,
  input: unknown,
): readonly DecodeProblem[] {
  const root = table.roots[name] ?? -1;
  const found: Found[] = [];
  visit(table, root, input, { up: undefined, key: '', inArray: false, ref: root, depth: 1 }, found);
  return found.map(({ path, expected, actual }) => ({
    path: path === '' ? '$' : path,
    expected,
    actual,
  }));
}

function nameOf(table: CheckTable, ref: CheckRef): string {
  if (typeof ref === 'string') return ref;
  const node = table.nodes[ref];
  if (node === undefined) return '?';
  return node[1] ?? derivedName(table, node);
}

/**
 * The name of a node written without one (`null`): what its combinator names it from its
 * parts (`Uuid | null`, `Array<Tax>`, `"a" | "b"`, `"standard"`). scripts/checks-table.ts
 * leaves a name out only when this gives the codec's own.
 */
export function derivedName(table: CheckTable, node: CheckNode): string {
  switch (node[0]) {
    case 'n':
      return `${nameOf(table, node[2])} | null`;
    case 'a':
      return `Array<${nameOf(table, node[2])}>`;
    case 'e':
      return alternatives(node[2]);
    case 'l':
      return JSON.stringify(node[2]);
    default:
      return '?';
  }
}

function below(at: At, key: string, inArray: boolean, ref: CheckRef): At {
  return { up: at, key, inArray, ref, depth: at.depth + 1 };
}

/** The path of `at` (`''` at the root). */
function pathOf(at: At): string {
  const chain: At[] = [];
  for (let step: At | undefined = at; step?.up !== undefined; step = step.up) chain.push(step);
  let path = '';
  for (let i = chain.length - 1; i >= 0; i--) {
    const step = chain[i] as At;
    path = pathWith(path, step.key, step.inArray);
  }
  return path;
}

function fail(table: CheckTable, found: Found[], actual: unknown, at: At): void {
  found.push({ path: pathOf(at), expected: nameOf(table, at.ref), actual, depth: at.depth });
}

function visit(table: CheckTable, ref: CheckRef, u: unknown, at: At, found: Found[]): void {
  const node = typeof ref === 'string' ? undefined : table.nodes[ref];
  if (node === undefined) {
    const accepts = typeof ref === 'string' ? PRIMITIVES.get(ref) : undefined;
    if (accepts === undefined || !accepts(u)) fail(table, found, u, at);
  } else if (node[0] === 'n') {
    if (u !== null) visit(table, node[2], u, at, found);
  } else if (node[0] === 'e' || node[0] === 'l') {
    if (node[0] === 'e' ? typeof u !== 'string' || !node[2].includes(u) : u !== node[2]) {
      fail(table, found, u, at);
    }
  } else if (node[0] === 'a') {
    visitArray(table, node[2], u, at, found);
  } else if (node[0] === 'o') {
    visitOneOf(table, node[2], u, at, found);
  } else if (!isRecord(u)) {
    fail(table, found, u, at);
  } else {
    visitObject(table, node, u, at, found);
  }
}

const entries = new WeakMap<object, readonly (readonly [string, CheckRef])[]>();

/** The keys of a struct's half and their codecs, listed once per table. */
function entriesOf(
  keys: Readonly<Record<string, CheckRef>>,
): readonly (readonly [string, CheckRef])[] {
  let listed = entries.get(keys);
  if (listed === undefined) {
    listed = Object.entries(keys);
    entries.set(keys, listed);
  }
  return listed;
}

/** A struct, a dict or a union of objects, given an object. */
function visitObject(
  table: CheckTable,
  node: Extract<CheckNode, { readonly 0: 's' | 'd' | 't' | 'c' }>,
  u: Record<string, unknown>,
  at: At,
  found: Found[],
): void {
  switch (node[0]) {
    case 's':
      for (const [key, of] of entriesOf(node[2])) {
        visit(table, of, u[key], below(at, key, false, of), found);
      }
      for (const [key, of] of entriesOf(node[3])) {
        const value = u[key];
        const mark = found.length;
        visit(table, of, value, below(at, key, false, of), found);
        if (value === undefined) found.length = mark;
      }
      break;
    case 'd':
      for (const [key, value] of Object.entries(u)) {
        visit(table, node[2], value, below(at, key, false, node[2]), found);
      }
      break;
    case 't': {
      const [, , tag, members, untagged] = node;
      const lookup = (value: string) =>
        Object.hasOwn(members, value) ? members[value] : undefined;
      const branch = taggedMember(u, tag, lookup, untagged ?? undefined);
      if (branch !== undefined) {
        visit(table, branch, u, at, found);
      } else {
        const expected = alternatives(Object.keys(members));
        const path = pathWith(pathOf(at), tag, false);
        found.push({ path, expected, actual: ownValue(u, tag), depth: at.depth + 1 });
      }
      break;
    }
    case 'c': {
      const [, , rules, fallback, owned] = node;
      visit(table, chosenMember({ rules, fallback, owned }, u), u, at, found);
      break;
    }
  }
}

/** An array: each item, until 100 of them have problems. */
function visitArray(table: CheckTable, of: CheckRef, u: unknown, at: At, found: Found[]): void {
  if (!Array.isArray(u) || u.length > MAX_LIST_LENGTH) {
    fail(table, found, u, at);
    return;
  }
  let bad = 0;
  for (let i = 0; i < u.length && bad < MAX_ELEMENT_PROBLEMS; i++) {
    const mark = found.length;
    visit(table, of, u[i], below(at, String(i), true, of), found);
    if (found.length > mark) bad++;
  }
}

/** `oneOf`: the first member that accepts `u`, else the most useful member's problems. */
function visitOneOf(
  table: CheckTable,
  members: readonly CheckRef[],
  u: unknown,
  at: At,
  found: Found[],
): void {
  let best: Found[] | undefined;
  let bestDepth = -1;
  for (const member of members) {
    const own: Found[] = [];
    visit(table, member, u, at, own);
    if (own.length === 0) return;
    let depth = 0;
    for (const problem of own) depth = Math.max(depth, problem.depth);
    if (
      depth > bestDepth ||
      (depth === bestDepth && best !== undefined && own.length < best.length)
    ) {
      best = own;
      bestDepth = depth;
    }
  }
  if (best === undefined || bestDepth <= at.depth) fail(table, found, u, at);
  else for (const problem of best) found.push(problem);
}
