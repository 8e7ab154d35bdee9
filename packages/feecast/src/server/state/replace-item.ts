/**
 * Replacing items of a state's collection: in an array (the catalog's and the customers'
 * collections), a new array; in a {@link ChunkedList} (the collections that grow with the
 * traffic, chunked-list.ts), a new version at the cost of one chunk and the chunk index.
 */
import { ChunkedList, type Items } from './chunked-list';

/**
 * `items` with the item `old` (compared by identity) replaced by `next`; `items` itself when
 * `old` is not there.
 *
 * @example
 * replaceItem(state.wallets, wallet, updated); // a new array
 * replaceItem(listOf(state.invoices), invoice, finalized); // a new version of the list
 */
export function replaceItem<T>(items: readonly T[], old: T, next: T): T[];
export function replaceItem<T>(items: ChunkedList<T>, old: T, next: T): ChunkedList<T>;
export function replaceItem<T>(items: Items<T>, old: T, next: T): Items<T> {
  if (!(items instanceof ChunkedList)) return items.map((item) => (item === old ? next : item));
  const at = items.indexOf(old);
  return at < 0 ? items : items.replaceAt(at, next);
}

/**
 * `items` with each item whose `svc_id` is an updated one's replaced by it. A list: a pass to
 * find them, a chunk copied per replaced item, itself when none is.
 *
 * @example
 * replaceItems(state.wallets, [updatedWallet]); // a new array
 * replaceItems(listOf(state.credit_notes), [updatedNote]); // a new version of the list
 */
export function replaceItems<T extends { readonly svc_id: string }>(
  items: readonly T[],
  updated: readonly T[],
): T[];
export function replaceItems<T extends { readonly svc_id: string }>(
  items: ChunkedList<T>,
  updated: readonly T[],
): ChunkedList<T>;
export function replaceItems<T extends { readonly svc_id: string }>(
  items: Items<T>,
  updated: readonly T[],
): Items<T> {
  const byId = new Map(updated.map((item) => [item.svc_id, item]));
  if (!(items instanceof ChunkedList)) return items.map((item) => byId.get(item.svc_id) ?? item);
  if (updated.length === 0) return items;
  let list = items;
  items.forEach((item, index) => {
    const next = byId.get(item.svc_id);
    if (next !== undefined) list = list.replaceAt(index, next);
  });
  return list;
}
