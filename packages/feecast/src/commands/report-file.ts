/**
 * Writing an HTML report (`--report <file>` of `feecast compare` and `feecast backtest`).
 */
import { writeFile } from 'node:fs/promises';
import type { FeecastError } from '@feecast/engine';
import { fileError } from '@feecast/sources';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';

/**
 * Writes a rendered page (or its rendering error) to `file`, in UTF-8; a file that cannot be
 * written is a `Left` naming it.
 *
 * @example
 * await writeReportFile('report.html', renderCompareReport(data)) // right(undefined)
 */
export async function writeReportFile(
  file: string,
  page: Either<FeecastError, string>,
): Promise<Either<FeecastError, void>> {
  if (isLeft(page)) return page;
  try {
    await writeFile(file, page.right, 'utf8');
    return right(undefined);
  } catch (error) {
    return left(fileError(file, error));
  }
}
