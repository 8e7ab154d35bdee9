import type { CreditNote } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import { add, type Decimal, type FeecastError, readCents, ZERO } from '../../core/index';

/**
 * Σ `amount_cents` of the credit-note items on each fee (by fee `svc_id`), over the given
 * credit notes: what was already credited back on each fee.
 *
 * @example
 * creditedByFee([noteWithItemOf400OnFeeA]) // right(Map { feeA.svc_id => 400 })
 * @internal
 */
export function creditedByFee(
  notes: readonly CreditNote[],
  path: readonly string[] = ['credit_notes'],
): Either<FeecastError, ReadonlyMap<string, Decimal>> {
  const credited = new Map<string, Decimal>();
  for (const [i, note] of notes.entries()) {
    for (const [j, item] of note.items.entries()) {
      const id = item.fee.svc_id;
      if (id === null) continue;
      const amount = readCents(item.amount_cents, [
        ...path,
        String(i),
        'items',
        String(j),
        'amount_cents',
      ]);
      if (isLeft(amount)) return amount;
      credited.set(id, add(credited.get(id) ?? ZERO, amount.right));
    }
  }
  return right(credited);
}
