// `feecast/notebook` (issue 25 §3) as a user's project gets it: browser-safe like
// `feecast/fetch` (bundled for the browser platform, its module graph holds no Node module), and
// its views display through Jupyter's symbol from the built package. The views' figures are
// checked on the sources (packages/feecast/test/notebook/); the notebook guide's cells run in
// test/readme.test.ts, under Node and Deno.
import { feesView, JUPYTER_DISPLAY } from 'feecast/notebook';
import { describe, expect, it } from 'vitest';
import { bundleForBrowser } from './fetch-bundle';

describe('feecast/notebook', () => {
  it('bundles for the browser platform without any Node module', async () => {
    const bundle = await bundleForBrowser('feecast/notebook');
    expect(bundle.nodeImports).toEqual([]);
    expect(bundle.code).toContain('comparisonView');
  });

  it('displays a view through Symbol.for("Jupyter.display") from the built package', () => {
    expect(JUPYTER_DISPLAY).toBe(Symbol.for('Jupyter.display'));
    const view = feesView([]);
    if (view._tag === 'Left') expect.fail(view.left.message);
    const bundle = view.right[JUPYTER_DISPLAY]();
    expect(bundle['text/plain']).toBe('No fees.\n');
    expect(bundle['text/html']).toMatch(
      /^<div class="feecast"><style>[\s\S]*<p>No fees\.<\/p><\/div>$/,
    );
  });
});
