import { previewInvoice } from '@feecast/engine';
import { isLeft } from 'fp-ts/lib/Either.js';
import { defineCommand, readCommandLine } from '../args/index';
import type { Io } from '../io';
import { renderInvoice, reportError } from '../render/index';
import { CONTEXT_OPTIONS, EVENTS_HELP, previewInput, withContext } from './context';
import { printPriced } from './print-priced';

/** `feecast invoice`: the invoice a subscription's period will close with. */
export const invoiceSpec = defineCommand({
  name: 'feecast invoice',
  summary:
    'Preview the invoice of the billing period containing --now: subscription fee, fixed charges, usage charges, coupons, taxes, prepaid credits and totals.',
  description: EVENTS_HELP,
  options: CONTEXT_OPTIONS,
  examples: [
    {
      description: 'The bundled customer on the Starter plan, at the end of November 2026',
      command:
        'feecast invoice --customer examples/cli/customer.json --subscription examples/cli/subscription.json --plan examples/cli/plan-starter.json --billable-metrics examples/cli/billable_metrics.json --taxes examples/cli/taxes.json --coupons examples/cli/coupon.json --applied-coupons examples/cli/applied_coupon.json --wallets examples/cli/wallet.json --events examples/cli/events.ndjson --now 2026-11-30T23:59:59Z',
    },
  ],
});

/**
 * Runs `feecast invoice` (see {@link invoiceSpec}): prints the invoice as tables, or with
 * `--json` as the wire `Invoice`. Exit 0, 1 on bad input, 2 on bad usage.
 */
export async function invoiceCommand(
  argv: readonly string[],
  io: Io,
  clock: () => Date = () => new Date(),
): Promise<number> {
  const name = invoiceSpec.name;
  const line = readCommandLine(invoiceSpec, argv, io);
  if (line._tag === 'Exit') return line.code;
  return withContext(io, name, line.options, clock, (context) => {
    const input = previewInput(context);
    if (isLeft(input)) return reportError(io, name, input.left);
    const preview = previewInvoice(input.right);
    const eventsError = context.eventsError();
    if (eventsError !== undefined) return reportError(io, name, eventsError);
    if (isLeft(preview)) return reportError(io, name, preview.left);
    const { invoice } = preview.right;
    return printPriced(io, name, context, line.options, {
      body: { invoice },
      table: () => renderInvoice(invoice),
      plans: [context.plan],
    });
  });
}
