/**
 * A comparison of plans in a notebook: the total per plan, the cost per charge and each
 * charge's price curve per plan, as `feecast compare --report` draws them.
 */
import { type FeecastError, feecastError } from '@feecast/engine';
import type { BillableMetric, Invoice, Plan } from '@feecast/models';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { renderCompareTable } from '../render/compare-table';
import { chargeCurves, compareDataFromInvoices, type PlanPreview } from '../report/compare-data';
import { renderComparisonSections } from '../report/compare-report';
import type { ChargeCurves } from '../report/data';
import { type NotebookView, notebookView } from './view';

/** What {@link comparisonView} draws. */
export interface ComparisonViewInput {
  /** The plans compared, in the order given to `comparePlans`. */
  readonly plans: readonly Plan[];
  /** Each plan's invoice preview, in the same order (`comparePlans(...).right.previews`). */
  readonly previews: readonly { readonly invoice: Invoice }[];
  /** The metrics, to name each price curve (default: the charges' names). */
  readonly billableMetrics?: readonly BillableMetric[];
  /** Whether to draw each charge's price curve per plan (default: true). */
  readonly curves?: boolean;
}

/**
 * Plans compared over the same usage (the engine's `comparePlans`) as a notebook view: the
 * sections of the comparison page of `feecast compare --report` (total per plan as a table
 * and bars, cost per charge as stacked bars and a table, each charge's price curve per plan
 * with the usage marked), with the table `feecast compare` prints as its text. Plans in more
 * than one currency (`currency_mismatch`), a preview missing for a plan (`invalid_input`), or
 * a charge whose curve cannot be priced are a `Left` with the path.
 *
 * @example
 * import { comparePlans } from '@feecast/engine';
 *
 * // Starter 662.29 EUR, Growth 546.77 EUR for November (examples/cli/README.md).
 * const comparison = comparePlans({ customer, subscription, plans: [plan, growth], billableMetrics,
 *   events, taxes: { billing_entity: [vat20] }, now: '2026-11-30T23:59:59Z' });
 * if (comparison._tag === 'Right') {
 *   const view = comparisonView({ plans: [plan, growth], previews: comparison.right.previews, billableMetrics });
 *   view._tag === 'Right' && view.right.text.includes('Total including taxes  662.29 EUR  546.77 EUR') // => true
 * }
 */
export function comparisonView(input: ComparisonViewInput): Either<FeecastError, NotebookView> {
  const previews: PlanPreview[] = [];
  for (const [i, plan] of input.plans.entries()) {
    const invoice = input.previews[i]?.invoice;
    if (invoice === undefined) {
      return left(
        feecastError(
          'invalid_input',
          `Plan "${plan.code}" has no invoice preview: give one preview per plan, in the order of the plans.`,
          ['previews', String(i)],
        ),
      );
    }
    previews.push({ plan, invoice });
  }
  const text = renderCompareTable(previews);
  if (isLeft(text)) return text;
  const curves: Either<FeecastError, ChargeCurves[]> =
    input.curves === false ? right([]) : chargeCurves(previews, input.billableMetrics);
  if (isLeft(curves)) return curves;
  const sections = renderComparisonSections(
    compareDataFromInvoices({ previews, curves: curves.right }),
  );
  if (isLeft(sections)) return sections;
  return right(notebookView(sections.right, text.right));
}
