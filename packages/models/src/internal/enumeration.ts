import * as t from 'io-ts';
import { alternatives } from './choice';

/** The codec of one of the strings `V` (see {@link enumeration}). */
export type EnumerationC<V extends string> = t.KeyofC<{ [K in V]: null }>;

/**
 * A closed set of strings. The codec's name lists every allowed value (`"a" | "b"`), so a
 * decode error on an unknown value says what would have been accepted.
 */
export function enumeration<const V extends readonly [string, ...string[]]>(
  values: V,
): EnumerationC<V[number]> {
  const keys = Object.fromEntries(values.map((value) => [value, null])) as {
    [K in V[number]]: null;
  };
  return t.keyof(keys, alternatives(values));
}

/** The allowed values of an {@link enumeration}, in declaration order. */
export function enumerationValues<V extends string>(codec: EnumerationC<V>): V[] {
  return Object.keys(codec.keys) as V[];
}
