/**
 * Every resource file of a command at once: plans, metrics, subscriptions, customers, taxes,
 * coupons, applied coupons, wallets, add-ons and invoices.
 */
import type { FeecastError } from '@feecast/engine';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import { loadResourceFiles } from './load-resources';
import type { Resources } from './resource-kinds';

/**
 * The kind of resource each input holds, keyed by the input's name (the camelCase name of
 * the command-line option that gives its files: `billableMetrics` is `--billable-metrics`).
 *
 * @example
 * INPUT_KINDS.appliedCoupons // 'applied_coupon'
 */
export const INPUT_KINDS = {
  plans: 'plan',
  billableMetrics: 'billable_metric',
  subscriptions: 'subscription',
  customers: 'customer',
  taxes: 'tax',
  coupons: 'coupon',
  appliedCoupons: 'applied_coupon',
  wallets: 'wallet',
  addOns: 'add_on',
  invoices: 'invoice',
} as const;

/** The name of an input: `plans`, `billableMetrics`... */
export type InputName = keyof typeof INPUT_KINDS;

/** The files of each input (any input may be left out: it is then empty). */
export type InputFiles = { readonly [N in InputName]?: readonly string[] };

/** The resources of each input, in the order of the files and of each file. */
export type Inputs = { readonly [N in InputName]: readonly Resources[(typeof INPUT_KINDS)[N]][] };

async function loadOne<N extends InputName>(
  name: N,
  files: readonly string[] | undefined,
): Promise<Either<FeecastError, readonly Resources[(typeof INPUT_KINDS)[N]][]>> {
  return loadResourceFiles(INPUT_KINDS[name], files ?? []);
}

/**
 * Loads every input from its files. Stops at the first file that cannot be read, is not
 * JSON or does not decode; the error names it (see `loadResources`).
 *
 * @example
 * const inputs = await loadInputs({ plans: ['starter.json', 'growth.json'], customers: ['customer.json'] });
 * if (inputs._tag === 'Right') inputs.right.plans.length; // 2
 */
export async function loadInputs(files: InputFiles): Promise<Either<FeecastError, Inputs>> {
  const plans = await loadOne('plans', files.plans);
  if (isLeft(plans)) return plans;
  const billableMetrics = await loadOne('billableMetrics', files.billableMetrics);
  if (isLeft(billableMetrics)) return billableMetrics;
  const subscriptions = await loadOne('subscriptions', files.subscriptions);
  if (isLeft(subscriptions)) return subscriptions;
  const customers = await loadOne('customers', files.customers);
  if (isLeft(customers)) return customers;
  const taxes = await loadOne('taxes', files.taxes);
  if (isLeft(taxes)) return taxes;
  const coupons = await loadOne('coupons', files.coupons);
  if (isLeft(coupons)) return coupons;
  const appliedCoupons = await loadOne('appliedCoupons', files.appliedCoupons);
  if (isLeft(appliedCoupons)) return appliedCoupons;
  const wallets = await loadOne('wallets', files.wallets);
  if (isLeft(wallets)) return wallets;
  const addOns = await loadOne('addOns', files.addOns);
  if (isLeft(addOns)) return addOns;
  const invoices = await loadOne('invoices', files.invoices);
  if (isLeft(invoices)) return invoices;
  return right({
    plans: plans.right,
    billableMetrics: billableMetrics.right,
    subscriptions: subscriptions.right,
    customers: customers.right,
    taxes: taxes.right,
    coupons: coupons.right,
    appliedCoupons: appliedCoupons.right,
    wallets: wallets.right,
    addOns: addOns.right,
    invoices: invoices.right,
  });
}
