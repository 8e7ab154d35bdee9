import { ownValue } from './own';

/**
 * How a chosen union (`chosenUnion`) picks its branch from the keys of an object: the member
 * of the first rule one of whose keys the object has, else `fallback`. A key counts when the
 * object owns it (`owned`), or when it owns it with a value other than `undefined`.
 */
export interface Choice<C> {
  readonly rules: readonly (readonly [keys: readonly string[], member: C])[];
  readonly fallback: C;
  readonly owned: boolean;
}

/** The member `choice` picks for the object `u`. */
export function chosenMember<C>(choice: Choice<C>, u: object): C {
  for (const [keys, member] of choice.rules) {
    for (const key of keys) {
      if (choice.owned ? Object.hasOwn(u, key) : ownValue(u, key) !== undefined) return member;
    }
  }
  return choice.fallback;
}

/**
 * The branch of a tagged union (`taggedUnion`) for the object `u`: `untagged` when it has no
 * `tag` key and there is one, else the branch `branchOf` names for the tag's string value.
 */
export function taggedMember<C>(
  u: object,
  tag: string,
  branchOf: (value: string) => C | undefined,
  untagged: C | undefined,
): C | undefined {
  const value = ownValue(u, tag);
  if (value === undefined && untagged !== undefined) return untagged;
  return typeof value === 'string' ? branchOf(value) : undefined;
}

/** The name of a closed set of strings: each value in JSON, joined with ` | `. */
export function alternatives(values: readonly string[]): string {
  return values.map((value) => JSON.stringify(value)).join(' | ');
}
