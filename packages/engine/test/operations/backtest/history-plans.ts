/**
 * The backtests of the generated histories (`../generated-history`): the candidate plans
 * (growth, a plan paid in advance, and `stored`, whose recurring `storage` sum reads the
 * earlier periods' events), the metrics, the window, and the subscriptions every law uses.
 */
import { billableMetrics, growth, inAdvance, starter } from '../generated-history';
import { charge, customer, metric, plan, subscription } from '../preview-invoice/builders';

/** The generated `storage` events, as a recurring sum: each period reads the earlier ones. */
export const storage = metric('storage', 'sum_agg', 'calls', { recurring: true });
export const metrics = [...billableMetrics, storage];
export const stored = plan({
  code: 'stored',
  charges: [
    charge('storage', 'standard', { amount: '0.1' }),
    charge('seats', 'standard', { amount: '2' }),
  ],
});
export const candidates = [growth, inAdvance, stored];

export const FROM = '2025-02-10T00:00:00Z';
export const TO = '2025-04-20T00:00:00Z';

/** `sub_1` on starter (calendar), `sub_2` on no current plan (anniversary, from 5 March). */
export const twoSubscriptions = [
  { customer: customer(), subscription: subscription(), plan: starter },
  {
    customer: customer(),
    subscription: subscription({
      external_id: 'sub_2',
      started_at: '2025-03-05T00:00:00Z',
      billing_time: 'anniversary',
    }),
  },
];
