import * as t from 'io-ts';
import { alternatives, type Choice, chosenMember, taggedMember } from './choice';
import { ownValue } from './own';
import { withShape } from './shape';

/** A union codec whose branch is chosen from the input (see {@link taggedUnion}). */
export type ChosenUnionC<C extends t.Mixed> = t.UnionType<C[], t.TypeOf<C>, t.OutputOf<C>, unknown>;

/**
 * A union discriminated by the string at key `tag`: the tag picks the one branch that
 * checks the rest, so errors come from that branch only (`charges[2].properties...`). An
 * unknown tag is reported at the tag's path with every allowed value. When `untagged` is
 * given, an object without the tag key is checked by it instead.
 */
export function taggedUnion<M extends Record<string, t.Mixed>>(
  name: string,
  tag: string,
  members: M,
): ChosenUnionC<M[keyof M]>;
export function taggedUnion<M extends Record<string, t.Mixed>, F extends t.Mixed>(
  name: string,
  tag: string,
  members: M,
  untagged: F,
): ChosenUnionC<M[keyof M] | F>;
export function taggedUnion(
  name: string,
  tag: string,
  members: Record<string, t.Mixed>,
  untagged?: t.Mixed,
): ChosenUnionC<t.Mixed> {
  const branches = new Map(Object.entries(members));
  const tags = [...branches.keys()];
  const tagCodec = t.keyof(
    Object.fromEntries(tags.map((value) => [value, null])),
    alternatives(tags),
  );
  const branchOf = (u: object): t.Mixed | undefined =>
    taggedMember(u, tag, (value) => branches.get(value), untagged);
  const all = untagged === undefined ? [...branches.values()] : [...branches.values(), untagged];
  const codec = new t.UnionType(
    name,
    (u): u is unknown => {
      if (!t.UnknownRecord.is(u)) return false;
      return branchOf(u)?.is(u) ?? false;
    },
    (u, c) => {
      if (!t.UnknownRecord.is(u)) return t.failure(u, c);
      const branch = branchOf(u);
      if (branch !== undefined) return branch.validate(u, c);
      const value = ownValue(u, tag);
      return t.failure(value, t.appendContext(c, tag, tagCodec, value));
    },
    encoderOf(all, (a) => (t.UnknownRecord.is(a) ? branchOf(a) : undefined)),
    all,
  );
  return withShape(codec, { kind: 'tagged', tag, members, untagged });
}

/**
 * The identity when every member encodes as the identity (always so in this package),
 * else the encoder of the member `pick` names for the value.
 */
export function encoderOf<A>(
  members: readonly t.Mixed[],
  pick: (a: A) => t.Mixed | undefined,
): (a: A) => unknown {
  if (members.every((member) => member.encode === t.identity)) return t.identity;
  return (a) => {
    const member = pick(a);
    return member === undefined ? a : member.encode(a);
  };
}

/**
 * A union whose branch is chosen by looking at the input object (which keys it has, `choice`),
 * for wire objects that carry no tag. Errors come from the chosen branch only.
 */
export function chosenUnion<C extends t.Mixed>(
  name: string,
  members: readonly C[],
  choice: Choice<C>,
): ChosenUnionC<C> {
  const codec = new t.UnionType(
    name,
    (u): u is t.TypeOf<C> => t.UnknownRecord.is(u) && chosenMember(choice, u).is(u),
    (u, c) => (t.UnknownRecord.is(u) ? chosenMember(choice, u).validate(u, c) : t.failure(u, c)),
    encoderOf<t.TypeOf<C>>(members, (a) =>
      t.UnknownRecord.is(a) ? chosenMember(choice, a) : undefined,
    ),
    [...members],
  );
  return withShape(codec, { kind: 'chosen', choice });
}
