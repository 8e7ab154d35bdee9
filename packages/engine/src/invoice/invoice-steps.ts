/** Which of the money steps an invoice goes through, after its fees. */
export interface InvoiceSteps {
  /** Step 3: progressive-billing credits (pre-tax). */
  readonly progressiveBilling: boolean;
  /** Step 4: coupons (pre-tax). */
  readonly coupons: boolean;
  /** Step 5: taxes. */
  readonly taxes: boolean;
  /** Step 6: credit notes (post-tax). */
  readonly creditNotes: boolean;
  /** Step 7: prepaid credits from wallets (post-tax). */
  readonly prepaidCredits: boolean;
}

/**
 * The steps an invoice goes through, by type and status (reference invoicing.md §1):
 * subscription and progressive-billing invoices go through all of them; `advance_charges`
 * invoices skip taxes; add-on and one-off invoices only get taxes; wallet top-up (`credit`)
 * invoices none. Coupons, credit notes and prepaid credits only touch an invoice being
 * finalized: a `draft` (an invoice in its grace period) carries none of them.
 *
 * @example
 * invoiceSteps({ invoice_type: 'one_off', status: 'finalized' })
 * // { progressiveBilling: false, coupons: false, taxes: true, creditNotes: false, prepaidCredits: false }
 */
export function invoiceSteps(invoice: {
  readonly invoice_type: string;
  readonly status: string;
}): InvoiceSteps {
  const finalizing = invoice.status !== 'draft';
  switch (invoice.invoice_type) {
    case 'add_on':
    case 'one_off':
      return steps(false, false, true, false);
    case 'credit':
      return steps(false, false, false, false);
    default: {
      const credits = finalizing;
      return steps(true, credits, invoice.invoice_type !== 'advance_charges', credits);
    }
  }
}

function steps(
  progressiveBilling: boolean,
  coupons: boolean,
  taxes: boolean,
  postTaxCredits: boolean,
): InvoiceSteps {
  return {
    progressiveBilling,
    coupons,
    taxes,
    creditNotes: postTaxCredits,
    prepaidCredits: postTaxCredits,
  };
}
