/**
 * The slim price preview's page script: `createPreviewEstimator` with the two parts the
 * scenario's plan uses, its estimate written into the page (test/engine-browser.test.ts).
 */
import { createPreviewEstimator, standardModel, sumAggregation } from '@feecast/engine';
import { previewFigure } from './scenario';

/** The page's DOM, as far as this script uses it (the tests compile without the DOM library). */
declare const document: {
  getElementById(id: string): { textContent: string | null } | null;
};

const output = document.getElementById('figures');
if (output !== null) {
  output.textContent = JSON.stringify(
    previewFigure({ createPreviewEstimator, standardModel, sumAggregation }),
  );
}
