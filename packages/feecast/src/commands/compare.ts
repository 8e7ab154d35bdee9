import { comparePlans, type FeecastError, type PlanComparison } from '@feecast/engine';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { defineCommand, option, readCommandLine } from '../args/index';
import type { Io } from '../io';
import { renderCompareTable, reportError } from '../render/index';
import {
  chargeCurves,
  compareDataFromInvoices,
  type PlanPreview,
  renderCompareReport,
} from '../report/index';
import {
  CONTEXT_OPTIONS,
  EVENTS_HELP,
  type PricingContext,
  previewInput,
  withContext,
} from './context';
import { printPriced } from './print-priced';
import { writeReportFile } from './report-file';

/** `feecast compare`: the same usage priced on several plans. */
export const compareSpec = defineCommand({
  name: 'feecast compare',
  summary:
    "Price the subscription's usage on every --plan (the subscription's own plan first) and show each plan's invoice and the differences per charge.",
  description: `${EVENTS_HELP}
Every plan is priced on the same events; the period counted in is the subscription's own plan's.`,
  options: {
    ...CONTEXT_OPTIONS,
    report: option('Also write a self-contained HTML report with SVG charts to this file', {
      valueName: 'file',
    }),
  },
  examples: [
    {
      description: 'Starter against Growth for the bundled usage, with a report',
      command:
        'feecast compare --customer examples/cli/customer.json --subscription examples/cli/subscription.json --plan examples/cli/plan-starter.json --plan examples/cli/plan-growth.json --billable-metrics examples/cli/billable_metrics.json --taxes examples/cli/taxes.json --events examples/cli/events.ndjson --now 2026-11-30T23:59:59Z --report report.html',
    },
  ],
});

/**
 * The subscription's usage priced on every plan of the context (its own plan first, then the
 * other plans given, each once): the engine's comparison, and each plan with its invoice
 * preview. A problem of the events file or of pricing is a `Left`.
 *
 * @example
 * const compared = comparePlanPreviews(context); // the context of `--plan starter.json --plan growth.json ...`
 * // right({ comparison: { previews, differences }, previews: [{ plan: starter, invoice }, { plan: growth, invoice }] })
 */
export function comparePlanPreviews(
  context: PricingContext,
): Either<FeecastError, { readonly comparison: PlanComparison; readonly previews: PlanPreview[] }> {
  const input = previewInput(context);
  if (isLeft(input)) return input;
  const own = context.plan;
  const plans = [own, ...context.inputs.plans.filter((p) => p.code !== own.code)];
  const { subscriptions, ...rest } = input.right;
  const compared = comparePlans({ ...rest, plans, subscription: context.subscription });
  const eventsError = context.eventsError();
  if (eventsError !== undefined) return left(eventsError);
  if (isLeft(compared)) return compared;
  const previews = compared.right.previews.map((preview, i) => ({
    plan: plans[i] ?? own,
    invoice: preview.invoice,
  }));
  return right({ comparison: compared.right, previews });
}

/** Draws the comparison's HTML report (see `renderCompareReport`) and writes it to `file`. */
async function writeReport(
  file: string,
  context: PricingContext,
  previews: readonly PlanPreview[],
): Promise<Either<FeecastError, void>> {
  const curves = chargeCurves(previews, context.inputs.billableMetrics);
  if (isLeft(curves)) return curves;
  return writeReportFile(
    file,
    renderCompareReport(
      compareDataFromInvoices({
        previews,
        curves: curves.right,
        customer: {
          external_id: context.customer.external_id,
          name: context.customer.name ?? context.customer.external_id,
        },
        generated_at: context.now,
      }),
    ),
  );
}

/**
 * Runs `feecast compare` (see {@link compareSpec}). Exit 0, 1 on bad input, 2 on bad usage.
 */
export async function compareCommand(
  argv: readonly string[],
  io: Io,
  clock: () => Date = () => new Date(),
): Promise<number> {
  const name = compareSpec.name;
  const line = readCommandLine(compareSpec, argv, io);
  if (line._tag === 'Exit') return line.code;
  return withContext(io, name, line.options, clock, async (context) => {
    const compared = comparePlanPreviews(context);
    if (isLeft(compared)) return reportError(io, name, compared.left);
    const { comparison, previews } = compared.right;
    if (line.options.report !== undefined) {
      const written = await writeReport(line.options.report, context, previews);
      if (isLeft(written)) return reportError(io, name, written.left);
      io.stderr(`${name}: report written to ${line.options.report}\n`);
    }
    return printPriced(io, name, context, line.options, {
      body: comparison,
      table: () => renderCompareTable(previews),
      plans: previews.map((preview) => preview.plan),
    });
  });
}
