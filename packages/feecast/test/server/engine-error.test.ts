// The engine's errors as the reference's HTTP answers (estimate-and-usage §1, §2.2, §3.2).
import { FEECAST_ERROR_CODES, type FeecastErrorCode, feecastError } from '@feecast/engine';
import { ApiError, decode } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiErrorOf } from '../../src/server/routes/engine-error';

describe('apiErrorOf', () => {
  it.each([
    [
      'subscription_not_found',
      ['event', 'external_subscription_id'],
      404,
      'subscription_not_found',
    ],
    ['unknown_billable_metric', ['plan', 'charges', '0'], 404, 'billable_metric_not_found'],
    ['no_active_subscription', ['subscription'], 405, 'no_active_subscription'],
    ['subscription_terminated', ['now'], 405, 'no_active_subscription'],
  ] as const)('§1 %s → %i %s', (code, path, status, answer) => {
    expect(apiErrorOf(feecastError(code, 'why', path))).toMatchObject({ status, code: answer });
  });

  it.each([
    [
      'value_is_not_valid_number',
      ['event', 'properties', 'gb'],
      { properties: ['value_is_not_valid_number'] },
    ],
    [
      'does_not_match_an_instant_charge',
      ['event', 'code'],
      { code: ['does_not_match_an_instant_charge'] },
    ],
    ['invalid_timestamp', ['event', 'timestamp'], { timestamp: ['invalid_format'] }],
    [
      'expression_evaluation_failed',
      ['event', 'properties'],
      { properties: ['expression_evaluation_failed: why'] },
    ],
    [
      'invalid_charge_properties',
      ['plan', 'charges', '1', 'properties'],
      {
        'plan.charges.1.properties': ['invalid_charge_properties: why'],
      },
    ],
  ] as const)('§2.2 %s → 422 with the reference details', (code, path, details) => {
    expect(apiErrorOf(feecastError(code, 'why', path))).toEqual({
      status: 422,
      error: 'Unprocessable Entity',
      code: 'validation_errors',
      error_details: details,
    });
  });

  it('every engine error is answered as a 4xx ApiError that decodes', () => {
    const codes = Object.keys(FEECAST_ERROR_CODES) as FeecastErrorCode[];
    fc.assert(
      fc.property(
        fc.constantFrom(...codes),
        fc.string(),
        fc.option(fc.array(fc.string({ maxLength: 6 }), { maxLength: 4 }), { nil: undefined }),
        (code, message, path) => {
          const answer = apiErrorOf(feecastError(code, message, path));
          expect(decode(ApiError, answer)._tag).toBe('Right');
          expect(answer.status >= 400 && answer.status < 500).toBe(true);
        },
      ),
    );
  });
});
