// Terminal tables with known figures: fees, usage, invoices and plan comparisons.
import type { CustomerProjectedUsage, CustomerUsage, Invoice, Plan } from '@feecast/models';
import { describe, expect, it } from 'vitest';
import {
  invoiceLedger,
  renderCompareTable,
  renderFeesTable,
  renderInvoice,
  renderSummary,
  renderTable,
  renderUsageTable,
  terminalText,
} from '../../src/render/index';
import type { PlanPreview } from '../../src/report/index';
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
    // The totals sit in the same columns: 15.40 + 20.00 + 8.03 = 43.43 USD so far, 81.83 projected.
    expect(out).toMatch(/^Total excluding taxes\s+43\.43 USD\s+81\.83 USD$/m);
    expect(out).toMatch(/^Taxes\s+8\.69 USD$/m);
    // 43.43 + 8.69 = 52.12 USD.
    expect(out).toMatch(/^Total including taxes\s+52\.12 USD$/m);
  });

  it('a grouped charge shows its filters within each group only, so each level adds up', () => {
    const usage = projectedUsage();
    const storage = usage.charges_usage.find((c) => c.billable_metric.name === 'Storage');
    if (storage === undefined) throw new Error('the fixture has a Storage charge');
    const [frodo, sam] = storage.grouped_usage;
    if (frodo === undefined || sam === undefined) throw new Error('two groups expected');
    const bucket = (amount: number, name: string) => ({
      units: '1',
      amount_cents: amount,
      events_count: 1,
      invoice_display_name: name,
      values: { region: [name] },
    });
    // Storage 8.03 = frodo 5.35 (filters 3.00 + 2.35) + sam 2.68 (one filter); by filter across
    // groups: 3.00 + 2.35 + 2.68 = 8.03 again, which the table must not list a second time.
    const grouped = {
      ...storage,
      filters: [bucket(300, 'A'), bucket(503, 'B')],
      grouped_usage: [
        { ...frodo, filters: [bucket(300, 'A'), bucket(235, 'B')] },
        { ...sam, filters: [bucket(268, 'B')] },
      ],
    };
    const changed = {
      ...usage,
      charges_usage: usage.charges_usage.map((c) => (c === storage ? grouped : c)),
    } as unknown as CustomerProjectedUsage;
    const lines = String(text(renderUsageTable(changed))).split('\n');
    const at = lines.findIndex((line) => line.includes('agent_name=frodo')) - 1;
    // Label and amount of each row, from the charge down to the last filter of its last group.
    const rows = lines.slice(at, at + 6).map((line) => {
      const cells = line.trim().split(/\s{2,}/);
      return [line.slice(0, line.length - line.trimStart().length) + cells[0], cells[2]];
    });
    expect(rows).toEqual([
      ['Setup', '8.03 USD'],
      ['  agent_name=frodo', '5.35 USD'],
      ['    A', '3.00 USD'],
      ['    B', '2.35 USD'],
      ['  agent_name=sam', '2.68 USD'],
      ['    B', '2.68 USD'],
    ]);
    // The next row is not indented: the charge's filters across groups are not listed again.
    expect(lines[at + 6]?.startsWith(' ')).toBe(false);
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
    // Fees excluding taxes only: their taxes are computed after the coupon, on the invoice.
    expect(out).toMatch(/^Startup plan\s+AWS eu-east-1\s+1\s+100\.00 USD$/m);
    expect(out).toMatch(/^Setup\s+AWS eu-east-1\s+18\s+15\.40 USD$/m);
    const tail = out.trimEnd().split('\n').slice(-7);
    expect(tail.map((line) => line.split(/\s{2,}/))).toEqual([
      ['Fees excluding taxes', '115.40 USD'], // 100.00 + 15.40
      ['Coupon Startup Deal', '-10.00 USD'],
      ['Sub-total excluding taxes', '105.40 USD'], // 115.40 - 10.00
      ['Tax TVA', '21.08 USD'], // 20 % of 105.40
      ['Sub-total including taxes', '126.48 USD'], // 105.40 + 21.08
      ['Prepaid credits', '-8.00 USD'],
      ['Total including taxes', '118.48 USD'], // 126.48 - 8.00
    ]);
  });

  it('without deductions the sub-totals, which would repeat a line, are left out', () => {
    const plain = invoice({
      coupons_amount_cents: 0,
      credits: [],
      sub_total_excluding_taxes_amount_cents: 11540,
      taxes_amount_cents: 2308,
      applied_taxes: [],
      sub_total_including_taxes_amount_cents: 13848,
      prepaid_credit_amount_cents: 0,
      total_amount_cents: 13848,
    });
    const tail = String(text(renderInvoice(plain)))
      .trimEnd()
      .split('\n')
      .slice(-3);
    expect(tail.map((line) => line.split(/\s{2,}/))).toEqual([
      ['Fees excluding taxes', '115.40 USD'],
      ['Taxes', '23.08 USD'], // no applied taxes listed: one line of the invoice's taxes
      ['Total including taxes', '138.48 USD'], // 115.40 + 23.08
    ]);
  });
});

describe('invoiceLedger', () => {
  it('applied taxes that do not add up to the invoice taxes give one Taxes line of the invoice', () => {
    const [tva] = invoice().applied_taxes;
    if (tva === undefined) throw new Error('the fixture has a tax');
    const odd = invoice({ applied_taxes: [{ ...tva, amount_cents: 2000 }] });
    expect(invoiceLedger(odd).taxes).toEqual([
      { key: 'taxes', label: 'Taxes', cents: 2108, kind: 'amount' },
    ]);
    expect(invoiceLedger(invoice()).taxes).toEqual([
      { key: 'tax:french_standard_vat', label: 'Tax TVA', cents: 2108, kind: 'amount' },
    ]);
  });
});

describe('renderCompareTable', () => {
  /** The invoice fixture as the Startup plan's, and a Basic plan with only a 50.00 USD subscription fee. */
  function previews(): PlanPreview[] {
    const startup = invoice();
    const [subscriptionFee] = startup.fees;
    if (subscriptionFee === undefined) throw new Error('the invoice fixture has fees');
    const [tva] = startup.applied_taxes;
    const basic = invoice({
      fees: [{ ...subscriptionFee, amount_cents: 5000 }],
      fees_amount_cents: 5000,
      sub_total_excluding_taxes_amount_cents: 4000, // 50.00 - 10.00 coupon
      applied_taxes: [{ ...tva, amount_cents: 800 }], // 20 % of 40.00
      taxes_amount_cents: 800,
      sub_total_including_taxes_amount_cents: 4800,
      total_amount_cents: 4000, // 48.00 - 8.00 prepaid
    });
    const plan = (name: string, code: string) => ({ name, code }) as unknown as Plan;
    return [
      { plan: plan('Startup', 'startup'), invoice: startup },
      { plan: plan('Basic', 'basic'), invoice: basic },
    ];
  }

  it('charges per plan, then each invoice from fees to total, and the lowest total', () => {
    expect(text(renderCompareTable(previews()))).toBe(
      [
        'Charge                        Startup       Basic',
        '-------------------------  ----------  ----------',
        'Subscription fee           100.00 USD   50.00 USD',
        'CPU                         15.40 USD           -',
        '-------------------------  ----------  ----------',
        'Fees excluding taxes       115.40 USD   50.00 USD', // 100.00 + 15.40; 50.00
        'Coupon Startup Deal        -10.00 USD  -10.00 USD',
        'Sub-total excluding taxes  105.40 USD   40.00 USD',
        'Tax TVA                     21.08 USD    8.00 USD', // 20 % of 105.40; of 40.00
        'Sub-total including taxes  126.48 USD   48.00 USD',
        'Prepaid credits             -8.00 USD   -8.00 USD',
        'Total including taxes      118.48 USD   40.00 USD',
        '',
        'Lowest total: Basic',
        '',
      ].join('\n'),
    );
  });

  it('no plans, and plans in two currencies', () => {
    expect(renderCompareTable([])).toEqual({ _tag: 'Right', right: 'No plans to compare.\n' });
    const [first, second] = previews();
    if (first === undefined || second === undefined) throw new Error('two plans expected');
    const mixed = renderCompareTable([
      first,
      { ...second, invoice: { ...second.invoice, currency: 'EUR' } as Invoice },
    ]);
    expect(mixed).toMatchObject({
      _tag: 'Left',
      left: { code: 'currency_mismatch', path: ['plans', '1', 'currency'] },
    });
  });
});
