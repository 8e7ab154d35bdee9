// Terminal tables with known figures: fees, usage, invoices and plan comparisons.
import type { CustomerUsage } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import {
  renderCompareTable,
  renderFeesTable,
  renderInvoice,
  renderSummary,
  renderTable,
  renderUsageTable,
  terminalText,
} from '../../src/render/index';
import { compareData } from '../report/builders';
import { fee, invoice, projectedUsage } from './builders';

function text<T>(
  result: { _tag: 'Left'; left: { message: string } } | { _tag: 'Right'; right: T },
): T | string {
  return result._tag === 'Right' ? result.right : `Left: ${result.left.message}`;
}

describe('renderTable', () => {
  it('aligns columns and draws rules', () => {
    expect(
      renderTable({
        columns: [
          { header: 'Plan', align: 'left' },
          { header: 'Total', align: 'right' },
        ],
        rows: [['Starter', '49.00 EUR']],
        footer: [['Total', '49.00 EUR']],
      }),
    ).toBe(
      'Plan         Total\n-------  ---------\nStarter  49.00 EUR\n-------  ---------\nTotal    49.00 EUR\n',
    );
  });

  it('escapes terminal control sequences from input data', () => {
    expect(terminalText('Pro\u001b]0;pwned\u0007 plan\u202e')).toBe(
      'Pro\\u{1b}]0;pwned\\u{7} plan\\u{202e}',
    );
    const table = renderTable({
      columns: [{ header: 'Plan', align: 'left' }],
      rows: [['A\u001b[2JB']],
    });
    expect(table).not.toContain('\u001b');
    expect(table).toContain('A\\u{1b}[2JB');
  });

  it('summary values align right', () => {
    expect(
      renderSummary([
        ['Fees', '12.00 EUR'],
        ['Taxes', '2.40 EUR'],
      ]),
    ).toBe('Fees   12.00 EUR\nTaxes   2.40 EUR\n');
  });
});

describe('renderFeesTable', () => {
  it('the estimate-fees fixture: Setup, Europe, 1 unit, 10.00 + 2.00 = 12.00 USD', () => {
    expect(text(renderFeesTable([fee()]))).toBe(
      [
        'Fee    Filter  Units     Amount     Taxes      Total',
        '-----  ------  -----  ---------  --------  ---------',
        'Setup  Europe      1  10.00 USD  2.00 USD  12.00 USD',
        '-----  ------  -----  ---------  --------  ---------',
        'Total                 10.00 USD  2.00 USD  12.00 USD',
        '',
      ].join('\n'),
    );
  });

  it('groups and totals: 12.34 + 0.05 = 12.39 EUR, taxes 2.47 + 0.01 = 2.48, total 14.87', () => {
    const common = { amount_currency: 'EUR', total_amount_currency: 'EUR' } as const;
    const fees = [
      fee(
        {
          ...common,
          units: '1234.5',
          amount_cents: 1234,
          taxes_amount_cents: 247,
          total_amount_cents: 1481,
        },
        {
          invoice_display_name: 'Compute',
          filters: null,
          filter_invoice_display_name: null,
          grouped_by: { cluster: 'eu-west' },
        },
      ),
      fee(
        { ...common, units: '2', amount_cents: 5, taxes_amount_cents: 1, total_amount_cents: 6 },
        {
          invoice_display_name: 'Compute',
          filters: null,
          filter_invoice_display_name: null,
          grouped_by: { cluster: null },
        },
      ),
    ];
    const lines = String(text(renderFeesTable(fees))).split('\n');
    expect(lines[0]).toMatch(/^Fee\s+Group\s+Units\s+Amount\s+Taxes\s+Total$/);
    expect(lines[2]).toMatch(
      /^Compute\s+cluster=eu-west\s+1,234\.5\s+12\.34 EUR\s+2\.47 EUR\s+14\.81 EUR$/,
    );
    expect(lines[3]).toMatch(
      /^Compute\s+cluster=\(none\)\s+2\s+0\.05 EUR\s+0\.01 EUR\s+0\.06 EUR$/,
    );
    expect(lines[5]).toMatch(/^Total\s+12\.39 EUR\s+2\.48 EUR\s+14\.87 EUR$/);
  });

  it('one total per currency', () => {
    const eur = fee({ amount_currency: 'EUR', total_amount_currency: 'EUR' });
    const lines = String(text(renderFeesTable([fee(), eur])))
      .trimEnd()
      .split('\n');
    expect(lines.slice(-2).map((l) => l.split(/\s{2,}/)[0])).toEqual(['Total USD', 'Total EUR']);
  });

  it('no fees, and an unknown currency', () => {
    expect(renderFeesTable([])).toEqual({ _tag: 'Right', right: 'No fees.\n' });
    expect(renderFeesTable([fee({ amount_currency: 'XXX' })])._tag).toBe('Left');
  });
});

describe('renderUsageTable', () => {
  it('the projected-usage fixture: charges, filters, groups and totals', () => {
    const out = String(text(renderUsageTable(projectedUsage())));
    expect(
      out.startsWith('Usage from 2025-03-15T00:00:00Z to 2025-04-14T23:59:59Z (USD)\n\n'),
    ).toBe(true);
    expect(out).toMatch(/^Charge\s+Units\s+Amount\s+Projected units\s+Projected amount$/m);
    // CPU: 18 units, 1540 cents; projected 36 units, 3080 cents.
    expect(out).toMatch(/^Setup\s+18\s+15\.40 USD\s+36\s+30\.80 USD$/m);
    // Seats' filter bucket "Europe": 2 units, 2000 cents; projected 4, 4000.
    expect(out).toMatch(/^ {2}Europe\s+2\s+20\.00 USD\s+4\s+40\.00 USD$/m);
    // Storage's group frodo: 800 units, 535 cents; projected 1600, 735.
    expect(out).toMatch(/^ {2}agent_name=frodo\s+800\s+5\.35 USD\s+1,600\s+7\.35 USD$/m);
    expect(out).toMatch(/^Amount\s+43\.43 USD$/m);
    expect(out).toMatch(/^Taxes\s+8\.69 USD$/m);
    expect(out).toMatch(/^Total\s+52\.12 USD$/m);
    expect(out).toMatch(/^Projected amount\s+81\.83 USD$/m);
  });

  it('current usage has no projected columns', () => {
    const { projected_amount_cents: _, ...current } = projectedUsage();
    const out = String(text(renderUsageTable(current as unknown as CustomerUsage)));
    expect(out).toMatch(/^Charge\s+Units\s+Amount$/m);
    expect(out).not.toContain('Projected');
  });
});

describe('renderInvoice', () => {
  it('the invoice fixture: fees 115.40, coupon -10.00, taxes 21.08, prepaid -8.00, total 118.48 USD', () => {
    const out = String(text(renderInvoice(invoice())));
    expect(out.split('\n')[0]).toBe(
      'Invoice LAG-1234-001-002 (subscription, finalized), issued 2025-03-15, for Gavin Belson (hooli_1234)',
    );
    expect(out).toMatch(
      /^Startup plan\s+AWS eu-east-1\s+1\s+100\.00 USD\s+18\.00 USD\s+118\.00 USD$/m,
    );
    expect(out).toMatch(/^Setup\s+AWS eu-east-1\s+18\s+15\.40 USD\s+3\.08 USD\s+18\.48 USD$/m);
    expect(out).toMatch(/^Total\s+115\.40 USD\s+21\.08 USD\s+136\.48 USD$/m);
    expect(
      out.endsWith(
        [
          'Fees                       115.40 USD',
          'Coupons                    -10.00 USD',
          'Sub-total excluding taxes  105.40 USD',
          'Taxes                       21.08 USD',
          'Sub-total including taxes  126.48 USD',
          'Prepaid credits             -8.00 USD',
          'Total                      118.48 USD',
          '',
        ].join('\n'),
      ),
    ).toBe(true);
  });
});

describe('renderCompareTable', () => {
  it('charges per plan (storage lines added up: 1.50 + 1.00), totals and the lowest', () => {
    expect(text(renderCompareTable(compareData()))).toBe(
      [
        'Charge              Starter      Growth',
        '----------------  ---------  ----------',
        'Subscription fee  49.00 EUR  199.00 EUR',
        'API calls         10.00 EUR    0.00 EUR',
        'Storage            2.50 EUR           -',
        '----------------  ---------  ----------',
        'Total             61.50 EUR  199.00 EUR',
        '',
        'Lowest total: Starter',
        '',
      ].join('\n'),
    );
  });

  it('plans in two currencies are refused', () => {
    const data = compareData();
    const [first, second] = data.plans;
    if (first === undefined || second === undefined) throw new Error('two plans expected');
    const mixed = renderCompareTable({ ...data, plans: [first, { ...second, currency: 'USD' }] });
    expect(mixed).toMatchObject({
      _tag: 'Left',
      left: { code: 'currency_mismatch', path: ['plans', '1', 'currency'] },
    });
  });
});
