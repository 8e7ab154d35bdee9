// Shared builders of the option-parser suites: a command spec using every kind of option,
// and an Io that records what a command prints.
import type { FeecastError } from '@feecast/engine';
import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { defineCommand, flag, option, repeated, requiredOption } from '../../src/args/index';
import { parseNow } from '../../src/inputs/index';
import type { Io } from '../../src/io';

/** A port: an integer from 0 to 65535. */
export function parsePort(raw: string): Either<FeecastError, number> {
  return /^\d{1,5}$/.test(raw) && Number(raw) <= 65535
    ? right(Number(raw))
    : left({ code: 'invalid_input', message: `must be an integer from 0 to 65535, got "${raw}".` });
}

/** A command with a flag, a parsed option, a required option, a repeated one and positionals. */
export const compareSpec = defineCommand({
  name: 'feecast compare',
  summary: 'Price the same usage on several plans.',
  options: {
    plan: repeated('A plan file (repeat for each plan)', { valueName: 'file', short: 'p' }),
    customer: requiredOption('The customer file', { valueName: 'file' }),
    now: option('Price at this instant instead of the clock', {
      valueName: 'timestamp',
      parse: parseNow,
    }),
    port: option('A port', { valueName: 'n', parse: parsePort }),
    json: flag('Print the wire-format result', { short: 'j' }),
    applyTaxes: flag('Apply taxes'),
  },
  positionals: {
    name: 'events-file',
    description: 'the usage events (NDJSON or a JSON array)',
    max: 1,
  },
  examples: [
    {
      description: 'Two plans, the bundled events',
      command: 'feecast compare --customer c.json --plan a.json --plan b.json events.ndjson',
    },
  ],
});

/** An Io that keeps what is written. */
export function recordingIo(): Io & { readonly out: string[]; readonly err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => out.push(t), stderr: (t) => err.push(t) };
}
