import { join } from 'node:path';
import { examplesDir } from '../examples';
import { EXIT, type Io } from '../io';
import { compareCommand } from './compare';
import { estimateCommand } from './estimate';
import { invoiceCommand } from './invoice';
import { usageCommand } from './usage';

/** The instant the demo prices at: the last second of the bundled month of usage. */
export const DEMO_NOW = '2026-11-30T23:59:59Z';

/** The bundled example files (examples/cli), as the options of a pricing command. */
export function exampleArgs(plans: readonly string[] = ['plan-starter.json']): string[] {
  const file = (name: string) => join(examplesDir(), 'cli', name);
  return [
    ...['customer.json'].flatMap((f) => ['--customer', file(f)]),
    ...['subscription.json'].flatMap((f) => ['--subscription', file(f)]),
    ...plans.flatMap((f) => ['--plan', file(f)]),
    ...['--billable-metrics', file('billable_metrics.json')],
    ...['--taxes', file('taxes.json')],
    ...['--events', file('events.ndjson')],
  ];
}

/**
 * `feecast demo`: runs the commands on the bundled examples (examples/cli, hand-checked in its
 * README): the estimate of 1,000 more EU API calls with that charge paid in advance, the
 * projected usage of mid-November 2026, the November invoice with a coupon and a prepaid
 * wallet, and the same usage priced on the Growth plan.
 */
export async function demo(io: Io): Promise<number> {
  const file = (name: string) => join(examplesDir(), 'cli', name);
  const steps: readonly { title: string; run: () => Promise<number> }[] = [
    {
      title: 'feecast estimate (1,000 more EU API calls, paid in advance, at 2026-11-15T00:00:00Z)',
      run: () =>
        estimateCommand(
          [
            ...exampleArgs(['plan-starter-in-advance.json']),
            ...['--event', '{"code":"api_calls","properties":{"calls":"1000","region":"eu"}}'],
            ...['--now', '2026-11-15T00:00:00Z'],
          ],
          io,
        ),
    },
    {
      title: `feecast usage --projected (at 2026-11-15T00:00:00Z)`,
      run: () =>
        usageCommand([...exampleArgs(), '--projected', '--now', '2026-11-15T00:00:00Z'], io),
    },
    {
      title: `feecast invoice (at ${DEMO_NOW}, coupon welcome10, prepaid wallet)`,
      run: () =>
        invoiceCommand(
          [
            ...exampleArgs(),
            ...['--coupons', file('coupon.json')],
            ...['--applied-coupons', file('applied_coupon.json')],
            ...['--wallets', file('wallet.json')],
            ...['--now', DEMO_NOW],
          ],
          io,
        ),
    },
    {
      title: `feecast compare (Starter against Growth, at ${DEMO_NOW})`,
      run: () =>
        compareCommand(
          [...exampleArgs(['plan-starter.json', 'plan-growth.json']), '--now', DEMO_NOW],
          io,
        ),
    },
  ];
  io.stdout('feecast demo: the bundled customer acme on the Starter plan, November 2026\n');
  for (const step of steps) {
    io.stdout(`\n== ${step.title}\n\n`);
    const code = await step.run();
    if (code !== EXIT.ok) return code;
  }
  return EXIT.ok;
}
