/**
 * `previewInvoice` returns its invoice as built from checked inputs (fees by `buildFee`,
 * totals by the settlement), without decoding it again with the `Invoice` codec. This
 * property decodes every invoice it returns on generated histories with that codec.
 */
import { decode, Invoice } from '@feecast/models';
import fc from 'fast-check';
import { isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { previewInvoice } from '../../../src/runtime';
import { history, oneSubscription, twoSubscriptions } from '../generated-history';

describe('every invoice previewInvoice returns decodes with the Invoice codec', () => {
  it('one subscription and two, on any history of the starter and growth plans', () => {
    fc.assert(
      fc.property(history, fc.boolean(), (events, two) => {
        const preview = previewInvoice({ ...(two ? twoSubscriptions : oneSubscription), events });
        expect(isRight(preview)).toBe(true);
        if (!isRight(preview)) return;
        const decoded = decode(Invoice, preview.right.invoice);
        expect(isRight(decoded) ? [] : [decoded.left.message]).toEqual([]);
        // Decoding keeps every field as built: nothing extra, nothing changed.
        if (isRight(decoded)) expect(decoded.right).toEqual(preview.right.invoice);
      }),
      { numRuns: 60 },
    );
  });
});
