import type { Either } from 'fp-ts/lib/Either.js';
import type { FeecastError } from '../../core/index';
import type { FeeShell } from '../fee-object';

/** How many shells a memo keeps before it starts over (a bound on its memory). */
const LIMIT = 1024;

/**
 * The fee shells of a charge's lines (per bucket and group), made the first time a line is
 * priced and kept for the next fees of the same line: an estimator keeps one per charge and
 * period, so each estimate builds only its fee's figures. Past {@link LIMIT} lines (a charge
 * grouped by a key with many values) the memo is emptied and fills again.
 *
 * @example
 * const shells = new FeeShells();
 * shells.get('0["eu"]', () => feeShell(input)) // made once
 * shells.get('0["eu"]', () => feeShell(input)) // the same shell, not made again
 * @internal
 */
export class FeeShells {
  private readonly lines = new Map<string, Either<FeecastError, FeeShell>>();

  /** The shell of `line`, made by `make` when the memo does not hold it yet. */
  get(line: string, make: () => Either<FeecastError, FeeShell>): Either<FeecastError, FeeShell> {
    const known = this.lines.get(line);
    if (known !== undefined) return known;
    if (this.lines.size >= LIMIT) this.lines.clear();
    const made = make();
    this.lines.set(line, made);
    return made;
  }
}
