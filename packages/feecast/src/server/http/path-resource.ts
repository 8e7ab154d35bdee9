/**
 * The stored resource a request's path names (`/credit_notes/{svc_id}`, `/coupons/{code}`):
 * the item of a state collection whose field equals the path parameter of the same name, or
 * the reference's 404 `<resource>_not_found`.
 */
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import { type Handler, type HandlerInput, pathParam, unchanged } from '../routes/handler';
import { findBy } from '../state/lookup';
import type { ItemOf, ListName } from '../state/state';
import type { ApiErrorResponse } from './api-error';

/** The name of a state collection held as an array. */
type Collection = ListName;

/**
 * The item of `collection` whose `field` equals the path parameter `field`, or 404
 * `<resource>_not_found`.
 *
 * @example
 * findByParam(input, 'coupons', 'code', 'coupon'); // DELETE /coupons/startup_deal -> right(coupon)
 */
export function findByParam<C extends Collection, F extends keyof ItemOf<C> & string>(
  input: HandlerInput<unknown>,
  collection: C,
  field: F,
  resource: string,
): Either<ApiErrorResponse, ItemOf<C>> {
  return findBy(input.state, collection, field, pathParam(input, field), resource);
}

/**
 * The handler of a read of one resource: `{ <resource>: item }` for the item
 * {@link findByParam} finds, or its 404.
 *
 * @example
 * export const getCreditNote = getOne('credit_notes', 'svc_id', 'credit_note');
 * // GET /credit_notes/{svc_id} -> { credit_note: { svc_id, ... } } or 404 credit_note_not_found
 */
export function getOne<C extends Collection, F extends keyof ItemOf<C> & string>(
  collection: C,
  field: F,
  resource: string,
): Handler<undefined> {
  return (input) => {
    const item = findByParam(input, collection, field, resource);
    if (isLeft(item)) return item;
    return right(unchanged(input.state, { [resource]: item.right }));
  };
}
