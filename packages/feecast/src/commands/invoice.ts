import { previewInvoice } from '@feecast/engine';
import { defineCommand, readCommandLine } from '../args/index';
import { EXIT, type Io } from '../io';
import { renderInvoice, renderJson, reportError } from '../render/index';
import { CONTEXT_OPTIONS, loadContext, previewInput } from './context';

/** `feecast invoice`: the invoice a subscription's period will close with. */
export const invoiceSpec = defineCommand({
  name: 'feecast invoice',
  summary:
    'Preview the invoice of the billing period containing --now: subscription fee, fixed charges, usage charges, coupons, taxes, prepaid credits and totals.',
  options: CONTEXT_OPTIONS,
  examples: [
    {
      description: 'The bundled customer on the Starter plan, mid-November 2026',
      command:
        'feecast invoice --customer examples/cli/customer.json --subscription examples/cli/subscription.json --plan examples/cli/plan-starter.json --billable-metrics examples/cli/billable_metrics.json --taxes examples/cli/taxes.json --coupons examples/cli/coupon.json --applied-coupons examples/cli/applied_coupon.json --wallets examples/cli/wallet.json --events examples/cli/events.ndjson --now 2026-11-30T12:00:00Z',
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
  const line = readCommandLine(invoiceSpec, argv, io);
  if (line._tag === 'Exit') return line.code;
  const context = await loadContext(line.options, clock);
  if (context._tag === 'Left') return reportError(io, invoiceSpec.name, context.left);
  const input = previewInput(context.right);
  if (input._tag === 'Left') return reportError(io, invoiceSpec.name, input.left);
  const preview = previewInvoice(input.right);
  const eventsError = context.right.eventsError();
  if (eventsError !== undefined) return reportError(io, invoiceSpec.name, eventsError);
  if (preview._tag === 'Left') return reportError(io, invoiceSpec.name, preview.left);
  const text = line.options.json
    ? renderJson({ invoice: preview.right.invoice })
    : renderInvoice(preview.right.invoice);
  if (text._tag === 'Left') return reportError(io, invoiceSpec.name, text.left);
  io.stdout(text.right.endsWith('\n') ? text.right : `${text.right}\n`);
  return EXIT.ok;
}
