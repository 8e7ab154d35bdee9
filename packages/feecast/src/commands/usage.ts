import { currentUsage, projectedUsage } from '@feecast/engine';
import { defineCommand, flag, readCommandLine } from '../args/index';
import { EXIT, type Io } from '../io';
import { renderJson, renderUsageTable, reportError } from '../render/index';
import { CONTEXT_OPTIONS, loadContext } from './context';

/** `feecast usage`: current (or projected) usage of a subscription's period. */
export const usageSpec = defineCommand({
  name: 'feecast usage',
  summary:
    'Current usage of the billing period containing --now (GET /customers/{id}/current_usage), or with --projected the projection to the period end (projected_usage).',
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
  const context = await loadContext(line.options, clock);
  if (context._tag === 'Left') return reportError(io, name, context.left);
  const { customer, subscription, plan, inputs, events, now } = context.right;
  const input = {
    customer,
    subscription,
    plan,
    billableMetrics: inputs.billableMetrics,
    taxes: { billing_entity: inputs.taxes },
    events,
    now,
    applyTaxes: !line.options.noTaxes,
  };
  const result = line.options.projected ? projectedUsage(input) : currentUsage(input);
  const eventsError = context.right.eventsError();
  if (eventsError !== undefined) return reportError(io, name, eventsError);
  if (result._tag === 'Left') return reportError(io, name, result.left);
  const body = result.right;
  const text = line.options.json
    ? renderJson(body)
    : renderUsageTable(
        'customer_projected_usage' in body ? body.customer_projected_usage : body.customer_usage,
      );
  if (text._tag === 'Left') return reportError(io, name, text.left);
  io.stdout(text.right.endsWith('\n') ? text.right : `${text.right}\n`);
  return EXIT.ok;
}
