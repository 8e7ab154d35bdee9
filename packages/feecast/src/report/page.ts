/**
 * The HTML document around a report: self-contained (inline CSS, inline SVG, no script, no
 * font, no image, no link), with a Content-Security-Policy that forbids any network request.
 */
import { type Html, html } from './html';

/** The rules of the page itself: its body, title and footer. */
const PAGE_STYLE = `
:root { color-scheme: light; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111827; margin: 2rem auto; max-width: 960px; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
p.meta { color: #4b5563; margin: 0 0 1rem; }
footer { color: #6b7280; font-size: .85rem; margin-top: 2rem; }
`;

/** The rules of the sections: headings, tables, charts and legends, one rule a line. */
const CONTENT_STYLE = `
h2 { font-size: 1.2rem; margin: 2rem 0 .5rem; border-bottom: 1px solid #e5e7eb; padding-bottom: .25rem; }
h3 { font-size: 1rem; margin: 1.5rem 0 .25rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
th, td { padding: .3rem .75rem; border-bottom: 1px solid #e5e7eb; text-align: left; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.total td { font-weight: 600; border-top: 2px solid #9ca3af; }
figure { margin: 0 0 1rem; }
figcaption { color: #4b5563; font-size: .9rem; }
svg { max-width: 100%; height: auto; font-size: 11px; }
svg .grid { stroke: #e5e7eb; }
svg .tick, svg .label, svg .axis-title { fill: #4b5563; }
svg .value { fill: #111827; font-weight: 600; }
svg .curve { stroke-width: 2; }
svg .marker line { stroke: #111827; stroke-dasharray: 4 3; }
svg .marker text { fill: #111827; font-weight: 600; }
ul.legend { list-style: none; display: flex; flex-wrap: wrap; gap: .25rem 1rem; padding: 0; margin: 0 0 .5rem; }
.swatch { display: inline-block; width: .8rem; height: .8rem; margin-right: .35rem; vertical-align: -1px; }
.best { color: #15803d; font-weight: 600; }
.diverge { display: flex; width: 16rem; height: .8rem; }
.diverge .half { flex: 1; display: flex; }
.diverge .left { justify-content: flex-end; border-right: 1px solid #6b7280; }
.diverge .less { background: #16a34a; }
.diverge .more { background: #dc2626; }
`;

/** The style sheet as markup: constants of this module, inserted as is. */
const STYLE_HTML: Html = { _tag: 'Html', text: `${PAGE_STYLE}${CONTENT_STYLE}` };

/**
 * The sections' style sheet for markup inside someone else's page (a notebook's output): every
 * selector of each rule prefixed with `scope`, so that nothing outside the scope changes.
 *
 * @example
 * scopedSectionStyle('.feecast').text.includes('.feecast td.num, .feecast th.num {') // true
 */
export function scopedSectionStyle(scope: string): Html {
  const rules = CONTENT_STYLE.trim()
    .split('\n')
    .map((rule) => {
      const open = rule.indexOf(' {');
      const selectors = rule
        .slice(0, open)
        .split(', ')
        .map((selector) => `${scope} ${selector}`);
      return `${selectors.join(', ')}${rule.slice(open)}`;
    });
  return { _tag: 'Html', text: `\n${rules.join('\n')}\n` };
}

/** No request of any kind: styles are inline, there is nothing else to load. */
const POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/**
 * A complete HTML5 document with the report's title and body.
 *
 * @example
 * renderDocument('Plan comparison', html`<h1>Plan comparison</h1>`)
 * // '<!DOCTYPE html>\n<html lang="en">...<title>Plan comparison</title>...</html>\n'
 */
export function renderDocument(title: string, body: Html): string {
  const page = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="feecast">
<title>${title}</title>
<style>${STYLE_HTML}</style>
</head>
<body>
${body}
</body>
</html>
`;
  return page.text;
}
