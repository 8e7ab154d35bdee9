import type * as t from 'io-ts';

/**
 * Gives a codec its named decoded type `A` (an interface derived with `t.TypeOf`), also as
 * its output type. Declaration files then refer to `Wallet` by name instead of spelling out
 * its structure at every use, and `Wallet.encode` returns a `Wallet`. Sound because every
 * codec of this package encodes with the identity (a test checks it for every export).
 */
export function named<A>(codec: t.Type<A, unknown, unknown>): t.Type<A, A, unknown> {
  return codec as t.Type<A, A, unknown>;
}
