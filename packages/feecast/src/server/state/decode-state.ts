import type { FeecastError } from '@feecast/engine';
import { type Either, isLeft } from 'fp-ts/lib/Either.js';
import { readStateShape, type ServerState } from './state';
import { checkState } from './state-checks';

/**
 * Reads a state document (STATE.md): its shape, every object with the codec of its
 * resource, then its consistency. A `Left` (`invalid_input`) names the path to fix.
 *
 * @example
 * decodeState(JSON.parse(JSON.stringify(emptyState()))) // ~> right({ customers: [], wallets: [] })
 * decodeState({ ...emptyState(), wallets: 'none' }) // ~> left({ code: 'invalid_input' })
 */
export function decodeState(input: unknown): Either<FeecastError, ServerState> {
  const shape = readStateShape(input);
  if (isLeft(shape)) return shape;
  return checkState(shape.right);
}
