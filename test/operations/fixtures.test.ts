/**
 * Golden fixtures of the API's pricing operations, run on the built packages exactly as users
 * import them. Each file of fixtures/ holds the inputs of one call (customer, subscription,
 * plan, billable metrics, taxes, events, now, and the event to estimate) and the response
 * expected, written by hand from the reference rules (estimate-and-usage.md; the section is
 * named in `reference`). The response must decode with its codec of `@feecast/models` and
 * contain every field the fixture lists (`expected` may leave fields out); an `error`
 * fixture expects a `Left` with that code and path.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  currentUsage,
  type EstimateFeesInput,
  estimateFees,
  projectedUsage,
  type UsageInput,
} from '@feecast/engine';
import {
  CustomerProjectedUsageResponse,
  CustomerUsageResponse,
  decode,
  EstimateFeesResponse,
} from '@feecast/models';
import { describe, expect, it } from 'vitest';

const directory = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

interface Fixture {
  readonly description: string;
  readonly reference: string;
  readonly operation: 'estimateFees' | 'currentUsage' | 'projectedUsage';
  readonly input: Record<string, unknown>;
  readonly expected: Record<string, unknown>;
}

/** Each operation with the codec of its response body. */
const operations = {
  estimateFees: {
    // The fixture's JSON is the input as the API's objects carry it.
    run: (input: unknown) => estimateFees(input as EstimateFeesInput),
    codec: EstimateFeesResponse,
  },
  currentUsage: {
    run: (input: unknown) => currentUsage(input as UsageInput),
    codec: CustomerUsageResponse,
  },
  projectedUsage: {
    run: (input: unknown) => projectedUsage(input as UsageInput),
    codec: CustomerProjectedUsageResponse,
  },
} as const;

const fixtures = readdirSync(directory)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => ({
    name,
    fixture: JSON.parse(readFileSync(join(directory, name), 'utf8')) as Fixture,
  }));

describe('operation fixtures (built packages)', () => {
  it('cover every operation and every charge model', () => {
    const used = new Set(fixtures.map(({ fixture }) => fixture.operation));
    expect([...used].sort()).toEqual(['currentUsage', 'estimateFees', 'projectedUsage']);
    const text = fixtures.map(({ fixture }) => JSON.stringify(fixture.input)).join('\n');
    for (const model of [
      'standard',
      'package',
      'graduated',
      'graduated_percentage',
      'volume',
      'percentage',
      'dynamic',
    ]) {
      expect(text).toContain(`"charge_model":"${model}"`);
    }
  });

  it.each(fixtures)('$name', ({ fixture }) => {
    const operation = operations[fixture.operation];
    const result = operation.run(fixture.input);
    const { error } = fixture.expected;
    if (error !== undefined) {
      expect(result._tag).toBe('Left');
      if (result._tag === 'Left') expect(result.left).toMatchObject(error as object);
      return;
    }
    if (result._tag === 'Left')
      throw new Error(`${fixture.reference}: ${JSON.stringify(result.left)}`);
    const decoded = decode(operation.codec as typeof EstimateFeesResponse, result.right);
    expect(decoded._tag).toBe('Right');
    expect(result.right).toMatchObject(fixture.expected);
  });
});
