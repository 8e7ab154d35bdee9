import {
  type EstimatedEvent,
  estimateFees,
  estimateFeesOf,
  type FeecastError,
  feecastError,
} from '@feecast/engine';
import type { Fee } from '@feecast/models';
import { parseJsonText, readTextFile } from '@feecast/sources';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { defineCommand, option, readCommandLine } from '../args/index';
import type { Io } from '../io';
import { renderFeesTable, reportError } from '../render/index';
import { CONTEXT_OPTIONS, EVENTS_HELP, operationInput, withContext } from './context';
import { printPriced } from './print-priced';

const EVENT_HINT =
  'An event is a JSON object such as {"transaction_id": "tr_1", "code": "seats", "properties": {"user_id": "u_1"}}; several events, a JSON array of them in time order.';

/**
 * `feecast estimate`: the fees of one event not yet sent (POST /events/estimate_fees), or of a
 * JSON array of events (`estimateFeesOf`: each after the ones before it, and their total).
 */
export const estimateSpec = defineCommand({
  name: 'feecast estimate',
  summary:
    "The fees one more event would bring now on the subscription's pay-in-advance charges (POST /events/estimate_fees), given the period's events so far (--events).",
  description: EVENTS_HELP,
  options: {
    ...CONTEXT_OPTIONS,
    event: option(
      'The event to estimate, as JSON text; a JSON array of events in time order estimates each after the ones before it, each at its timestamp (else --now), with their total',
      { valueName: 'json' },
    ),
    eventFile: option('The event (or array of events) to estimate, as a JSON file', {
      valueName: 'file',
    }),
  },
  examples: [
    {
      description:
        '1,000 more EU API calls for the bundled customer, on the Starter plan with API calls paid in advance',
      command:
        'feecast estimate --event \'{"code":"api_calls","properties":{"calls":"1000","region":"eu"}}\' --customer examples/cli/customer.json --subscription examples/cli/subscription.json --plan examples/cli/plan-starter-in-advance.json --billable-metrics examples/cli/billable_metrics.json --taxes examples/cli/taxes.json --events examples/cli/events.ndjson --now 2026-11-15T00:00:00Z',
    },
  ],
});

async function readEvent(
  text: string | undefined,
  file: string | undefined,
): Promise<Either<FeecastError, EstimatedEvent | readonly EstimatedEvent[]>> {
  if ((text === undefined) === (file === undefined)) {
    return left(
      feecastError('invalid_usage', 'Give the event with exactly one of --event or --event-file.', [
        '--event',
      ]),
    );
  }
  let json: Either<FeecastError, unknown>;
  if (file === undefined) {
    json = parseJsonText(text ?? '', { file: '--event', hint: EVENT_HINT });
  } else {
    const read = await readTextFile(file);
    if (isLeft(read)) return read;
    json = parseJsonText(read.right, { file, hint: EVENT_HINT });
  }
  if (isLeft(json)) return json;
  const value = json.right;
  // An array is a set of events; the engine checks each of them.
  if (Array.isArray(value)) return right(value as EstimatedEvent[]);
  const event =
    typeof value === 'object' && value !== null && 'event' in value ? value.event : value;
  if (typeof event !== 'object' || event === null || Array.isArray(event)) {
    return left(feecastError('invalid_input', `The event must be a JSON object. ${EVENT_HINT}`));
  }
  // The engine checks every field of the event and reports what is wrong with its path.
  return right(event as EstimatedEvent);
}

/** Runs `feecast estimate` (see {@link estimateSpec}). Exit 0, 1 on bad input, 2 on bad usage. */
export async function estimateCommand(
  argv: readonly string[],
  io: Io,
  clock: () => Date = () => new Date(),
): Promise<number> {
  const name = estimateSpec.name;
  const line = readCommandLine(estimateSpec, argv, io);
  if (line._tag === 'Exit') return line.code;
  const event = await readEvent(line.options.event, line.options.eventFile);
  if (isLeft(event)) return reportError(io, name, event.left);
  const given = event.right;
  return withContext(io, name, line.options, clock, (context) => {
    if (isEventList(given)) {
      const set = estimateFeesOf({ ...operationInput(context), newEvents: given });
      const eventsError = context.eventsError();
      if (eventsError !== undefined) return reportError(io, name, eventsError);
      if (isLeft(set)) return reportError(io, name, set.left);
      const fees: Fee[] = [];
      for (const estimate of set.right.estimates) for (const fee of estimate.fees) fees.push(fee);
      return printPriced(io, name, context, line.options, {
        body: set.right,
        table: () => renderFeesTable(fees),
        plans: [context.plan],
      });
    }
    const result = estimateFees({ ...operationInput(context), event: given });
    const eventsError = context.eventsError();
    if (eventsError !== undefined) return reportError(io, name, eventsError);
    if (isLeft(result)) return reportError(io, name, result.left);
    const { fees } = result.right;
    return printPriced(io, name, context, line.options, {
      body: result.right,
      table: () => renderFeesTable(fees),
      plans: [context.plan],
    });
  });
}

function isEventList(
  given: EstimatedEvent | readonly EstimatedEvent[],
): given is readonly EstimatedEvent[] {
  return Array.isArray(given);
}
