import { currentUsage, projectedUsage } from '@feecast/engine';
import { isLeft } from 'fp-ts/lib/Either.js';
import { defineCommand, flag, readCommandLine } from '../args/index';
import type { Io } from '../io';
import { renderUsageTable, reportError } from '../render/index';
import { CONTEXT_OPTIONS, EVENTS_HELP, operationInput, withContext } from './context';
import { printPriced } from './print-priced';

/** `feecast usage`: current (or projected) usage of a subscription's period. */
export const usageSpec = defineCommand({
  name: 'feecast usage',
  summary:
    'Current usage of the billing period containing --now (GET /customers/{id}/current_usage), or with --projected the projection to the period end (projected_usage).',
  description: EVENTS_HELP,
  options: {
    ...CONTEXT_OPTIONS,
    projected: flag('Project the usage to the end of the period from the elapsed fraction'),
    noTaxes: flag('Leave taxes out (apply_taxes=false)'),
  },
  examples: [
    {
      description: 'The bundled customer, projected from 15 November 2026',
      command:
        'feecast usage --projected --customer examples/cli/customer.json --subscription examples/cli/subscription.json --plan examples/cli/plan-starter.json --billable-metrics examples/cli/billable_metrics.json --taxes examples/cli/taxes.json --events examples/cli/events.ndjson --now 2026-11-15T00:00:00Z',
    },
  ],
});

/** Runs `feecast usage` (see {@link usageSpec}). Exit 0, 1 on bad input, 2 on bad usage. */
export async function usageCommand(
  argv: readonly string[],
  io: Io,
  clock: () => Date = () => new Date(),
): Promise<number> {
  const name = usageSpec.name;
  const line = readCommandLine(usageSpec, argv, io);
  if (line._tag === 'Exit') return line.code;
  return withContext(io, name, line.options, clock, (context) => {
    const input = { ...operationInput(context), applyTaxes: !line.options.noTaxes };
    const result = line.options.projected ? projectedUsage(input) : currentUsage(input);
    const eventsError = context.eventsError();
    if (eventsError !== undefined) return reportError(io, name, eventsError);
    if (isLeft(result)) return reportError(io, name, result.left);
    const body = result.right;
    const usage =
      'customer_projected_usage' in body ? body.customer_projected_usage : body.customer_usage;
    return printPriced(io, name, context, line.options, {
      body,
      table: () => renderUsageTable(usage),
      plans: [context.plan],
    });
  });
}
