import { availableParallelism } from 'node:os';
import {
  type Backtest,
  type BacktestInput,
  type BacktestSubscription,
  type FeecastError,
  feecastError,
} from '@feecast/engine';
import type { Plan } from '@feecast/models';
import { type DuckdbTarget, formatFromName, parseDuckdbAddress } from '@feecast/sources';
import { type Either, isLeft, isRight, left, right } from 'fp-ts/lib/Either.js';
import {
  defineCommand,
  flag,
  type OptionValues,
  option,
  readCommandLine,
  repeated,
  requiredOption,
} from '../args/index';
import type { ShareFile } from '../backtest-parallel/share-events';
import { backtestInWorkers } from '../backtest-pool';
import { type Inputs, parseNow } from '../inputs/index';
import { EXIT, type Io } from '../io';
import {
  backtestCsvHeader,
  backtestCsvLine,
  createCountProgressWriter,
  type ProgressStream,
  renderBacktestSummary,
  renderJson,
  reportError,
} from '../render/index';
import { type EventsFile, openEventsFile } from '../replay/index';
import { renderBacktestReport } from '../report/index';
import { CONTEXT_OPTIONS, couponApplications, loadContextInputs } from './context';
import { writeReportFile } from './report-file';

/** How `feecast backtest` prints its result. */
const FORMATS = ['table', 'ndjson', 'csv', 'json'] as const;
type BacktestFormat = (typeof FORMATS)[number];

function parseFormat(text: string): Either<FeecastError, BacktestFormat> {
  const format = FORMATS.find((known) => known === text);
  return format === undefined
    ? left(
        feecastError(
          'invalid_usage',
          `--format must be one of ${FORMATS.join(', ')}; found ${JSON.stringify(text)}.`,
          ['--format'],
        ),
      )
    : right(format);
}

/** `feecast backtest`: every subscription, period and plan over a history of events. */
export const backtestSpec = defineCommand({
  name: 'feecast backtest',
  summary:
    'Price every subscription of --subscription on its own plan and on every candidate plan, for every billing period between --from and --to, from one read of --events.',
  description: `Each subscription is priced on its own plan (its plan_code among the --plan files; "current")
and on each candidate: the --candidate codes, else every plan given that is no subscription's
own. Each billing period that overlaps [--from, --to) (the subscription's billing time, the
plan's interval, the customer's time zone) gets the invoice previewInvoice gives at its end.
--events (any source the other commands take: NDJSON, JSON, CSV, Parquet, gzip, "-",
duckdb:<file>#<table>, clickhouse://...) is read once; an event goes to the subscription its
external_subscription_id names. Coupons (--applied-coupons with --coupons) and wallets carry
from one invoice of a customer to the next.
Output (--format): table (the default) prints the summary on standard output; ndjson and csv
print one row per subscription x period x plan on standard output and the summary on
standard error; json prints { rows, summary }. Progress and the events read are on standard
error. --report also writes the summary as an HTML page: revenue per plan and month, the
distribution of the customers' deltas, the top movers, the contributions per fee line.
--workers N (default: the cores) prices the customers in N worker threads, each parsing the
lines of its own customers' subscriptions (in an NDJSON file; other formats are parsed by
each); the output is the same as with --workers 1, which prices in one worker thread.
--pushdown has DuckDB compute every aggregation of a duckdb: table or a Parquet file
(pushdownBacktest of @feecast/sources): the same output, without reading the events into
feecast; the states are priced in the --workers threads (the query runs once); what SQL
cannot compute exactly is read in process, as standard error says.`,
  options: {
    plan: CONTEXT_OPTIONS.plan,
    billableMetrics: CONTEXT_OPTIONS.billableMetrics,
    subscription: CONTEXT_OPTIONS.subscription,
    customer: CONTEXT_OPTIONS.customer,
    taxes: CONTEXT_OPTIONS.taxes,
    coupons: CONTEXT_OPTIONS.coupons,
    appliedCoupons: CONTEXT_OPTIONS.appliedCoupons,
    wallets: CONTEXT_OPTIONS.wallets,
    events: CONTEXT_OPTIONS.events,
    eventsFormat: CONTEXT_OPTIONS.eventsFormat,
    candidate: repeated(
      'The code of a candidate plan among the --plan files (default: the plans no subscription is on)',
      {
        valueName: 'code',
      },
    ),
    from: requiredOption('The first instant of the backtest (ISO 8601)', {
      valueName: 'timestamp',
      parse: parseNow,
    }),
    to: requiredOption('The end of the backtest, excluded (ISO 8601)', {
      valueName: 'timestamp',
      parse: parseNow,
    }),
    format: option<BacktestFormat>('table (default), ndjson, csv or json', {
      valueName: 'format',
      parse: parseFormat,
    }),
    top: option<number>('How many customers the summary lists among the top movers (default 10)', {
      valueName: 'n',
      parse: (text) => parseCount(text, '--top'),
    }),
    report: option(
      'Also write the summary as a self-contained HTML report with SVG charts to this file',
      { valueName: 'file' },
    ),
    uniqueIds: flag(
      'The events of a subscription have distinct transaction ids: remember none (memory stays flat in the number of events; a repeat is then counted)',
    ),
    ordered: flag(
      "The events of each subscription come in time order: repeats are still found, but each period's transaction ids are forgotten once its events are past (memory holds the open periods' ids); an event of a passed period is an error",
    ),
    workers: option<number>(
      'How many worker threads price the customers (default: the cores; 1: none)',
      { valueName: 'n', parse: parseWorkers },
    ),
    pushdown: flag(
      'DuckDB aggregates the events (--events duckdb:<file>#<table> or a Parquet file) for every subscription and period, feecast prices the states in the --workers threads (the same figures)',
    ),
  },
  examples: [
    {
      description: 'Two customers on Basic against Scale, September to November 2026',
      command:
        'feecast backtest --customer examples/cli/backtest/customers.json --subscription examples/cli/backtest/subscriptions.json --plan examples/cli/backtest/plan-basic.json --plan examples/cli/backtest/plan-scale.json --billable-metrics examples/cli/backtest/billable_metrics.json --events examples/cli/backtest/events.ndjson --from 2026-09-01 --to 2026-12-01',
    },
  ],
});

function parseCount(text: string, name: string): Either<FeecastError, number> {
  const n = Number(text);
  return /^\d+$/.test(text) && Number.isSafeInteger(n)
    ? right(n)
    : left(
        feecastError(
          'invalid_usage',
          `${name} must be a whole number; found ${JSON.stringify(text)}.`,
          [name],
        ),
      );
}

function parseWorkers(text: string): Either<FeecastError, number> {
  const n = parseCount(text, '--workers');
  return isRight(n) && n.right === 0
    ? left(usage('--workers must be 1 or more; found 0.', ['--workers']))
    : n;
}

function usage(message: string, path: readonly string[]): FeecastError {
  return feecastError('invalid_usage', message, path);
}

/**
 * The subscriptions of the loaded files, each with its customer (by `external_customer_id`)
 * and its own plan (by `plan_code`, when given), and the candidate plans.
 */
export function backtestSubjects(
  inputs: Inputs,
  candidates: readonly string[],
): Either<FeecastError, { subscriptions: BacktestSubscription[]; plans: Plan[] }> {
  if (inputs.subscriptions.length === 0) {
    return left(
      usage('No subscription to backtest: give them with --subscription.', ['--subscription']),
    );
  }
  const subscriptions: BacktestSubscription[] = [];
  for (const subscription of inputs.subscriptions) {
    const customer = inputs.customers.find(
      (c) => c.external_id === subscription.external_customer_id,
    );
    if (customer === undefined) {
      return left(
        usage(
          `The subscription ${subscription.external_id} belongs to customer ${subscription.external_customer_id}, who is in no --customer file.`,
          ['--customer'],
        ),
      );
    }
    const own = inputs.plans.find((p) => p.code === subscription.plan_code);
    subscriptions.push({ customer, subscription, ...(own === undefined ? {} : { plan: own }) });
  }
  const current = new Set(inputs.subscriptions.map((s) => s.plan_code));
  const plans: Plan[] = [];
  if (candidates.length === 0) {
    for (const plan of inputs.plans) if (!current.has(plan.code)) plans.push(plan);
  } else {
    for (const code of candidates) {
      const plan = inputs.plans.find((p) => p.code === code);
      if (plan === undefined) {
        return left(
          usage(`--candidate ${code}: no --plan file has a plan of that code.`, ['--candidate']),
        );
      }
      plans.push(plan);
    }
  }
  return right({ subscriptions, plans });
}

/** Names by code (plans, billable metrics), for the report; a code given twice: the first. */
function namesByCode(
  items: readonly { readonly code: string; readonly name: string }[],
): Record<string, string> {
  const names: Record<string, string> = {};
  for (const item of items) names[item.code] ??= item.name;
  return names;
}

/** The text events file for the workers' own passes (`undefined`: no events). */
function shareFile(file: EventsFile): ShareFile | undefined {
  const text = file.text;
  if (text === undefined) return undefined;
  const { format, unit, maxRecordChars } = text.options;
  return {
    path: text.path,
    name: file.name,
    ...(format === undefined || format === 'parquet' ? {} : { format }),
    ...(unit === undefined ? {} : { unit }),
    ...(maxRecordChars === undefined ? {} : { maxRecordChars }),
  };
}

/** The DuckDB target of `--events` for `--pushdown`: a `duckdb:` table or a Parquet file. */
function pushdownTarget(events: string, format: string | undefined): DuckdbTarget | undefined {
  const table = parseDuckdbAddress(events);
  if (table !== undefined) return table;
  return (format ?? formatFromName(events)) === 'parquet'
    ? { file: events, format: 'parquet' }
    : undefined;
}

/** Prints the result in `format` (see {@link backtestSpec}). */
function print(io: Io, result: Backtest, format: BacktestFormat): Either<FeecastError, void> {
  if (format === 'json') {
    const text = renderJson(result);
    if (isLeft(text)) return text;
    io.stdout(text.right.endsWith('\n') ? text.right : `${text.right}\n`);
    return right(undefined);
  }
  const summary = renderBacktestSummary(result.summary);
  if (isLeft(summary)) return summary;
  if (format === 'table') {
    io.stdout(summary.right);
    return right(undefined);
  }
  if (format === 'csv') io.stdout(backtestCsvHeader());
  for (const row of result.rows) {
    io.stdout(format === 'csv' ? backtestCsvLine(row) : `${JSON.stringify(row)}\n`);
  }
  io.stderr(summary.right);
  return right(undefined);
}

/**
 * Runs `feecast backtest` (see {@link backtestSpec}). A terminal `progress` (standard error)
 * shows the events read, then the invoices priced with the time left. Exit 0, 1 on bad input,
 * 2 on bad usage.
 */
export async function backtestCommand(
  argv: readonly string[],
  io: Io,
  stdin: AsyncIterable<string | Uint8Array> = process.stdin,
  progress: ProgressStream = process.stderr,
): Promise<number> {
  const name = backtestSpec.name;
  const line = readCommandLine(backtestSpec, argv, io);
  if (line._tag === 'Exit') return line.code;
  const options = line.options;
  const inputs = await loadContextInputs(options);
  if (isLeft(inputs)) return reportError(io, name, inputs.left);
  const subjects = backtestSubjects(inputs.right, options.candidate);
  if (isLeft(subjects)) return reportError(io, name, subjects.left);
  const coupons = [];
  for (const customer of inputs.right.customers) {
    const applied = couponApplications(inputs.right, customer);
    if (isLeft(applied)) return reportError(io, name, applied.left);
    for (const application of applied.right) coupons.push(application);
  }
  if (options.pushdown) {
    const events = options.events ?? '';
    const target = pushdownTarget(events, options.eventsFormat);
    if (target === undefined) {
      return reportError(
        io,
        name,
        usage('--pushdown reads --events duckdb:<file>#<table> or a Parquet file.', ['--pushdown']),
      );
    }
    const pricing = createCountProgressWriter(progress, name, 'invoices priced');
    const pushed = await backtestInWorkers({
      workers: options.workers ?? availableParallelism(),
      file: undefined,
      pushdown: target,
      input: backtestInputOf(options, subjects.right, inputs.right, coupons),
      onProgress: (priced, invoices) => pricing.update(priced, invoices),
    });
    pricing.done();
    const plan = pushed.pushdown;
    if (isLeft(pushed.result)) return reportError(io, name, pushed.result.left);
    return await finish(io, name, options, inputs.right, pushed.result.right, {
      source: events,
      note:
        plan?.source === 'database'
          ? `; aggregated by DuckDB (${plan.queries.length} queries)`
          : `; read in process (${plan?.reason})`,
      rejected: 0,
    });
  }
  const file = await openEventsFile(options.events, progress, stdin, options.eventsFormat);
  if (isLeft(file)) return reportError(io, name, file.left);
  try {
    const input = backtestInputOf(options, subjects.right, inputs.right, coupons);
    const pricing = createCountProgressWriter(progress, name, 'invoices priced');
    // With 1, in one worker thread all the same: its young generation is the pool's.
    const run = await backtestInWorkers({
      workers: options.workers ?? availableParallelism(),
      file: shareFile(file.right),
      input,
      onProgress: (priced, invoices) => pricing.update(priced, invoices),
    });
    const result = run.result;
    const rejected = run.rejected.count;
    const firstRejection = run.rejected.first;
    pricing.done();
    const broken = run.fileError;
    if (broken !== undefined) return reportError(io, name, broken);
    if (isLeft(result)) return reportError(io, name, result.left);
    return await finish(io, name, options, inputs.right, result.right, {
      source: file.right.name,
      note: '',
      rejected,
      ...(firstRejection === undefined ? {} : { firstRejection }),
    });
  } finally {
    await file.right.dispose();
  }
}

/** The options of `feecast backtest`, as read from the command line. */
type BacktestOptions = OptionValues<(typeof backtestSpec)['options']>;

/** The backtest's input (without events) of the command line and the loaded files. */
function backtestInputOf(
  options: BacktestOptions,
  subjects: { subscriptions: BacktestSubscription[]; plans: Plan[] },
  inputs: Inputs,
  coupons: NonNullable<BacktestInput['coupons']>[number][],
): Omit<BacktestInput, 'events' | 'onProgress'> {
  return {
    plans: subjects.plans,
    subscriptions: subjects.subscriptions,
    billableMetrics: inputs.billableMetrics,
    from: options.from,
    to: options.to,
    taxes: { billing_entity: inputs.taxes },
    coupons,
    wallets: inputs.wallets,
    ...(options.top === undefined ? {} : { top: options.top }),
    ...(options.uniqueIds ? { deduplicate: false } : {}),
    ...(options.ordered ? { ordered: true } : {}),
  };
}

/** Prints the backtest, writes its report, and says on standard error what was read. */
async function finish(
  io: Io,
  name: string,
  options: BacktestOptions,
  inputs: Inputs,
  result: Backtest,
  read: {
    readonly source: string;
    readonly note: string;
    readonly rejected: number;
    readonly firstRejection?: string;
  },
): Promise<number> {
  const printed = print(io, result, options.format ?? 'table');
  if (isLeft(printed)) return reportError(io, name, printed.left);
  if (options.report !== undefined) {
    const page = renderBacktestReport({
      summary: result.summary,
      period: { from: options.from, to: options.to },
      plan_names: namesByCode(inputs.plans),
      metric_names: namesByCode(inputs.billableMetrics),
    });
    const written = await writeReportFile(options.report, page);
    if (isLeft(written)) return reportError(io, name, written.left);
    io.stderr(`${name}: report written to ${options.report}\n`);
  }
  const { events, invoices } = result.summary;
  io.stderr(
    `${name}: ${events.read} events read from ${read.source}, ${invoices} invoices priced` +
      `${events.unassigned > 0 ? `; ${events.unassigned} events of no subscription given` : ''}` +
      `${read.rejected > 0 ? `; ${read.rejected} records not read (first: ${read.firstRejection})` : ''}` +
      `${read.note}.\n`,
  );
  return EXIT.ok;
}
