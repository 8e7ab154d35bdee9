/** The page's script: the scenario on the bundled engine, its figures written into the page. */
import * as engine from '@feecast/engine';
import { figures } from './scenario';

/** The page's DOM, as far as this script uses it (the tests compile without the DOM library). */
declare const document: {
  getElementById(id: string): { textContent: string | null } | null;
};

const output = document.getElementById('figures');
if (output !== null) output.textContent = JSON.stringify(figures(engine));
