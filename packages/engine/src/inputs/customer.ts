import { type Customer, checkResource } from '@feecast/models';
import { type Either, isLeft, right } from 'fp-ts/lib/Either.js';
import {
  defaultId,
  type FeecastError,
  type OtherWireKeys,
  textOf,
  UNKNOWN_CREATION,
} from '../core/index';
import type { TaxInput } from '../invoice/index';
import { completeInput } from './complete';
import { fillGivenTaxes } from './tax';

/**
 * A customer as an input (a decoded wire `Customer` is one). What decides a figure:
 * `external_id`, the time zone (`timezone` or `applicable_timezone`, default UTC) and `taxes`;
 * every other field is optional and defaults as docs/inputs.md says.
 */
export interface CustomerInput extends OtherWireKeys<Customer, 'external_id' | 'taxes'> {
  /** The customer's id in your system. */
  readonly external_id: string;
  /** The customer's own taxes (used when neither the charge nor the plan has any). */
  readonly taxes?: readonly TaxInput[] | null;
}

const NO_ADDRESS = {
  address_line1: null,
  address_line2: null,
  city: null,
  state: null,
  country: null,
  zipcode: null,
};

/**
 * Reads a customer input into the wire `Customer`, with the defaults of docs/inputs.md
 * ("Customer"): `svc_id` derived from `external_id`, `applicable_timezone` the `timezone`
 * (else UTC), contact and address fields null, the billing configuration of a customer
 * without a payment provider.
 *
 * @example
 * readCustomer({ external_id: 'cust_1', timezone: 'Europe/Paris' }, ['customer'])
 * // right({ svc_id: '...', external_id: 'cust_1', applicable_timezone: 'Europe/Paris', address_line1: null, ... })
 * @internal
 */
export function readCustomer(
  value: unknown,
  path: readonly string[],
): Either<FeecastError, Customer> {
  return completeInput(
    (whole) => checkResource('Customer', whole),
    value,
    path,
    'a customer { external_id, timezone?, ... }',
    (given) => {
      const externalId = textOf(given.external_id);
      const taxes = fillGivenTaxes(given, path);
      if (isLeft(taxes)) return taxes;
      return right({
        defaults: {
          svc_id: defaultId(given, 'customer', externalId),
          sequential_id: 0,
          slug: externalId ?? '',
          billing_entity_code: 'default',
          applicable_timezone: textOf(given.timezone) ?? 'UTC',
          timezone: null,
          created_at: UNKNOWN_CREATION,
          updated_at: UNKNOWN_CREATION,
          ...NO_ADDRESS,
          currency: null,
          email: null,
          phone: null,
          name: null,
          firstname: null,
          lastname: null,
          legal_name: null,
          legal_number: null,
          logo_url: null,
          url: null,
          tax_identification_number: null,
          account_type: 'customer',
          net_payment_term: null,
          finalize_zero_amount_invoice: 'inherit',
          skip_invoice_custom_sections: false,
          billing_configuration: {
            invoice_grace_period: 0,
            subscription_invoice_issuing_date_anchor: null,
            subscription_invoice_issuing_date_adjustment: null,
            payment_provider: null,
            payment_provider_code: null,
            document_locale: 'en',
          },
          shipping_address: NO_ADDRESS,
          metadata: [],
        },
        read: taxes.right,
      });
    },
  );
}
