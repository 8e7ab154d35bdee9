/**
 * `items` with the element `old` replaced by `next` (compared by identity): a new array.
 *
 * @example
 * replaceItem(state.wallets, wallet, updated);
 */
export function replaceItem<T>(items: readonly T[], old: T, next: T): T[] {
  return items.map((item) => (item === old ? next : item));
}
