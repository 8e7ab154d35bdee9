import type * as t from 'io-ts';
import { PaymentMethodType } from '../enums';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { Uuid } from '../primitives/uuid';

const PaymentMethodCodec = struct(
  'PaymentMethod',
  { payment_method_type: PaymentMethodType, payment_method_id: nullable(Uuid) },
  {},
);
/** A payment method reference, see {@link PaymentMethod}. */
export interface PaymentMethod extends t.TypeOf<typeof PaymentMethodCodec> {}
/**
 * A payment method reference on wallets, rules, wallet transactions and subscriptions.
 * `payment_method_id` is `null` when no specific method is set (the reference's default).
 */
export const PaymentMethod = named<PaymentMethod>(PaymentMethodCodec);

const PaymentMethodInputCodec = struct(
  'PaymentMethodInput',
  { payment_method_type: PaymentMethodType },
  { payment_method_id: nullable(Uuid) },
);
/** A payment method reference in a request, see {@link PaymentMethodInput}. */
export interface PaymentMethodInput extends t.TypeOf<typeof PaymentMethodInputCodec> {}
/** A payment method reference in a request body, where `payment_method_id` may be left out. */
export const PaymentMethodInput = named<PaymentMethodInput>(PaymentMethodInputCodec);
