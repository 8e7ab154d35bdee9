/** The subscription fee of a billing period (invoicing.md §8). */
export {
  type SubscriptionFeeAmount,
  type SubscriptionFeeAmountInput,
  subscriptionFeeAmount,
} from './amount';
