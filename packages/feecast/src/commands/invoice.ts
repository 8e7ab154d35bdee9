import {
  type FeecastError,
  feecastError,
  type InvoicePreview,
  type InvoicesPreview,
  previewInvoice,
  previewInvoices,
} from '@feecast/engine';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { defineCommand, option, readCommandLine, repeated } from '../args/index';
import type { Io } from '../io';
import { renderInvoice, reportError } from '../render/index';
import { CONTEXT_OPTIONS, EVENTS_HELP, previewInput, withContext } from './context';
import { printPriced } from './print-priced';

/** `feecast invoice`: the invoice a subscription's period will close with. */
export const invoiceSpec = defineCommand({
  name: 'feecast invoice',
  summary:
    'Preview the invoice of the billing period containing --now: subscription fee, fixed charges, usage charges, coupons, taxes, prepaid credits and totals.',
  description: `${EVENTS_HELP}
--periods N also previews the invoices of the N billing periods after the current one, each
under an assumed usage: the projection of the current period (usage --projected's units per
metric), or the --rate of each metric (units per period). Each period's invoice is the one
previewInvoice gives at its start with that usage added, coupons and wallets carried from
invoice to invoice (docs/forecasts.md).`,
  options: {
    ...CONTEXT_OPTIONS,
    periods: option<number>(
      'Also preview the invoices of the next N periods under an assumed usage',
      { valueName: 'n', parse: parsePeriods },
    ),
    rate: repeated<readonly [string, string]>(
      'With --periods: the units of a metric per period (code=units), instead of the projection',
      { valueName: 'code=units', parse: parseRate },
    ),
  },
  examples: [
    {
      description: 'The next two months at 20,000 API calls each (API calls only)',
      command:
        'feecast invoice --customer examples/cli/customer.json --subscription examples/cli/subscription.json --plan examples/cli/plan-starter.json --billable-metrics examples/cli/billable_metrics.json --events examples/cli/events.ndjson --now 2026-11-15T00:00:00Z --periods 2 --rate api_calls=20000',
    },
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
    const periods = line.options.periods;
    if (periods !== undefined) {
      const { subscriptions: _s, addOns, ...rest } = input.right;
      if ((addOns ?? []).length > 0) {
        return reportError(
          io,
          name,
          feecastError(
            'invalid_usage',
            '--add-ons bills add-ons once, on one invoice: leave it out with --periods.',
            ['--add-ons'],
          ),
        );
      }
      const rates = line.options.rate;
      const next = previewInvoices({
        ...rest,
        subscription: context.subscription,
        plan: context.plan,
        periods,
        ...(rates.length === 0 ? {} : { usage: { rates: Object.fromEntries(rates) } }),
      });
      const eventsError = context.eventsError();
      if (eventsError !== undefined) return reportError(io, name, eventsError);
      if (isLeft(next)) return reportError(io, name, next.left);
      return printPriced(io, name, context, line.options, {
        body: periodsBody(next.right),
        table: () => periodsTable(next.right),
        plans: [context.plan],
      });
    }
    if (line.options.rate.length > 0) {
      return reportError(
        io,
        name,
        feecastError(
          'invalid_usage',
          '--rate needs --periods: it is the usage of the next periods.',
          ['--rate'],
        ),
      );
    }
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

function usageError(message: string, path: readonly string[]): FeecastError {
  return feecastError('invalid_usage', message, path);
}

/** `--periods`: a whole number, 1 or more (`previewInvoices` says how many at most). */
function parsePeriods(text: string): Either<FeecastError, number> {
  const n = /^\d{1,6}$/.test(text) ? Number(text) : 0;
  return n >= 1
    ? right(n)
    : left(
        usageError(`--periods must be a whole number, 1 or more; found ${JSON.stringify(text)}.`, [
          '--periods',
        ]),
      );
}

/** `--rate code=units`. */
function parseRate(text: string): Either<FeecastError, readonly [string, string]> {
  const at = text.indexOf('=');
  if (at <= 0 || at === text.length - 1) {
    return left(
      usageError(
        `--rate must be code=units (e.g. api_calls=20000); found ${JSON.stringify(text)}.`,
        ['--rate'],
      ),
    );
  }
  return right([text.slice(0, at), text.slice(at + 1)]);
}

/** What `--json` prints with `--periods`: the current invoice, then each period's. */
function periodsBody(next: InvoicesPreview): object {
  return {
    invoice: next.current.invoice,
    usage_source: next.usage_source,
    periods: next.periods.map((p) => ({
      period: p.period,
      now: p.now,
      issued_at: p.issued_at,
      invoice: p.preview.invoice,
    })),
  };
}

/** The current invoice's table, then each period's under its heading. */
function periodsTable(next: InvoicesPreview): Either<FeecastError, string> {
  const parts: string[] = [];
  const add = (heading: string, preview: InvoicePreview) => {
    const table = renderInvoice(preview.invoice);
    if (isLeft(table)) return table;
    parts.push(`${heading}\n${table.right}`);
    return right(undefined);
  };
  const current = add('The current period', next.current);
  if (isLeft(current)) return current;
  for (const p of next.periods) {
    const added = add(
      `Period ${p.period} (from ${p.now}, usage: ${next.usage_source}), invoiced ${p.issued_at}`,
      p.preview,
    );
    if (isLeft(added)) return added;
  }
  return right(parts.join('\n'));
}
