import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  createDecimalSum,
  type DecimalSum,
  formatDecimal,
  fromCents,
  halfAwayFromZero,
  multiply,
  parseDecimalUnsafe,
  toCents,
} from '@feecast/engine';
import { examplesDir } from '../examples';
import { EXIT, type Io } from '../io';

/** The price of the demo's standard charge, per call. */
const UNIT_PRICE = '0.0125';
const CURRENCY = 'EUR';

interface DemoEvent {
  readonly transaction_id?: string;
  readonly properties?: Record<string, unknown>;
}

function parseLine(line: string): DemoEvent | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as DemoEvent)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `feecast demo`: sums the `calls` of the bundled API-call events exactly, per region, and
 * prices them on a standard charge. Events are read line by line (constant memory); an event
 * whose value is not a decimal is reported, never counted as zero.
 */
export async function demo(io: Io): Promise<number> {
  const file = join(examplesDir(), 'events.ndjson');
  const total = createDecimalSum();
  const byRegion = new Map<string, DecimalSum>();
  const rejected: string[] = [];
  let events = 0;
  const lines = createInterface({
    input: createReadStream(file, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber++;
    if (line.trim() === '') continue;
    events++;
    const event = parseLine(line);
    if (event === undefined) {
      io.stderr(
        `feecast demo: ${file} line ${lineNumber} is not a JSON object; each line must be one event.\n`,
      );
      return EXIT.badInput;
    }
    const value = event.properties?.calls;
    const problem = total.add(value);
    if (problem !== undefined) {
      rejected.push(`${event.transaction_id ?? `line ${lineNumber}`}: calls ${problem}`);
      continue;
    }
    const region = String(event.properties?.region ?? 'none');
    const regionSum = byRegion.get(region) ?? createDecimalSum();
    regionSum.add(value);
    byRegion.set(region, regionSum);
  }
  const units = total.result();
  const amount = multiply(units, parseDecimalUnsafe(UNIT_PRICE));
  const cents = toCents(amount, CURRENCY, halfAwayFromZero);
  if (cents._tag === 'Left') {
    io.stderr(`feecast demo: ${cents.left.message}\n`);
    return EXIT.badInput;
  }
  const rounded = fromCents(cents.right, CURRENCY);
  const regions = [...byRegion]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([region, sum]) => `${region} ${formatDecimal(sum.result())}`)
    .join(', ');
  io.stdout(
    [
      'feecast demo: the api_calls metric (sum of `calls`) over examples/events.ndjson',
      `  events      ${events}${rejected.length > 0 ? ` (${rejected.length} rejected)` : ''}`,
      `  calls       ${formatDecimal(units)} (${regions})`,
      `  unit price  ${UNIT_PRICE} ${CURRENCY} (standard charge)`,
      `  amount      ${formatDecimal(amount)} ${CURRENCY} -> ${cents.right} cents (${rounded._tag === 'Right' ? formatDecimal(rounded.right) : '?'} ${CURRENCY})`,
      ...rejected.map((r) => `  rejected    ${r}`),
      '',
    ].join('\n'),
  );
  return EXIT.ok;
}
