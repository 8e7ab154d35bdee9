/**
 * Pieces shared by the report pages: money and tick labels, and the footer.
 */
import { currencyExponent, type Decimal, formatDecimal, halfAwayFromZero } from '@feecast/engine';
import { isLeft, isRight } from 'fp-ts/lib/Either.js';
import { formatDecimalMoney, groupDigits } from '../render/money';
import { type Html, html } from './html';

/**
 * An amount as the bill shows it (`1,234.50 EUR`): rounded half away from zero to the
 * currency's minor unit, as fees are; the plain decimal when the currency is unknown (the
 * pages check currencies before drawing, so this does not happen there).
 *
 * @example
 * moneyText(parseDecimalUnsafe('41.755'), 'EUR') // '41.76 EUR'
 */
export function moneyText(amount: Decimal, currency: string): string {
  const exponent = currencyExponent(currency);
  if (isLeft(exponent)) return formatDecimal(amount);
  const text = formatDecimalMoney(halfAwayFromZero(amount, exponent.right), currency);
  return isRight(text) ? text.right : formatDecimal(amount);
}

/**
 * An axis tick: the decimal with grouped digits.
 *
 * @example
 * tickLabel(parseDecimalUnsafe('2500')) // '2,500'
 */
export function tickLabel(tick: Decimal): string {
  return groupDigits(formatDecimal(tick));
}

/**
 * The footer: when the page was priced (from the data, never the clock) and the currency.
 *
 * @example
 * pageFooter('2026-11-30T00:00:00Z', 'EUR').text
 * // '<footer>Priced by feecast at 2026-11-30T00:00:00Z. Amounts in EUR.</footer>'
 */
export function pageFooter(generatedAt: string | undefined, currency: string): Html {
  return generatedAt === undefined
    ? html`<footer>Priced by feecast. Amounts in ${currency}.</footer>`
    : html`<footer>Priced by feecast at ${generatedAt}. Amounts in ${currency}.</footer>`;
}

/**
 * The page's header: its title, and a line saying what it is about when there is one.
 *
 * @example
 * pageHeader('Backtest', 'Usage from 2026-09-01 to 2026-12-01').text
 * // '<header><h1>Backtest</h1><p class="meta">Usage from 2026-09-01 to 2026-12-01</p></header>'
 */
export function pageHeader(title: string, meta?: string): Html {
  const line = meta === undefined || meta === '' ? html`` : html`<p class="meta">${meta}</p>`;
  return html`<header><h1>${title}</h1>${line}</header>`;
}
