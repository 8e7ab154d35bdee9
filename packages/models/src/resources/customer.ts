import * as t from 'io-ts';
import {
  AccountType,
  CustomerType,
  FinalizeZeroAmountInvoice,
  IntegrationType,
  IssuingDateAdjustment,
  IssuingDateAnchor,
  PaymentProvider,
} from '../enums';
import { array } from '../internal/array';
import { named } from '../internal/named';
import { nullable } from '../internal/nullable';
import { struct } from '../internal/struct';
import { CurrencyCode } from '../primitives/currency-code';
import { Integer } from '../primitives/numbers';
import { Timestamp } from '../primitives/timestamp';
import { Uuid } from '../primitives/uuid';
import { ErrorDetail } from './error-detail';
import { InvoiceCustomSection } from './invoice-custom-section';
import { Tax } from './tax';

const BillingConfigurationCodec = struct(
  'BillingConfiguration',
  {
    invoice_grace_period: Integer,
    subscription_invoice_issuing_date_anchor: nullable(IssuingDateAnchor),
    subscription_invoice_issuing_date_adjustment: nullable(IssuingDateAdjustment),
    payment_provider: nullable(PaymentProvider),
    payment_provider_code: nullable(t.string),
    document_locale: t.string,
  },
  {
    provider_customer_id: nullable(t.string),
    sync: t.boolean,
    sync_with_provider: t.boolean,
    provider_payment_methods: nullable(array(t.string)),
  },
);
/** See {@link BillingConfiguration}. */
export interface BillingConfiguration extends t.TypeOf<typeof BillingConfigurationCodec> {}
/**
 * A customer's billing settings. The provider keys (`provider_customer_id`, `sync`,
 * `sync_with_provider`, `provider_payment_methods`) are sent only when a payment provider
 * is set; `payment_provider` and `payment_provider_code` are `null` when none is.
 */
export const BillingConfiguration = named<BillingConfiguration>(BillingConfigurationCodec);

const ShippingAddressCodec = struct(
  'ShippingAddress',
  {
    address_line1: nullable(t.string),
    address_line2: nullable(t.string),
    city: nullable(t.string),
    country: nullable(t.string),
    state: nullable(t.string),
    zipcode: nullable(t.string),
  },
  {},
);
/** See {@link ShippingAddress}. */
export interface ShippingAddress extends t.TypeOf<typeof ShippingAddressCodec> {}
/** A customer's shipping address; every line may be `null`. */
export const ShippingAddress = named<ShippingAddress>(ShippingAddressCodec);

const CustomerMetadataCodec = struct(
  'CustomerMetadata',
  {
    svc_id: Uuid,
    key: t.string,
    value: t.string,
    display_in_invoice: t.boolean,
    created_at: Timestamp,
  },
  {},
);
/** See {@link CustomerMetadata}. */
export interface CustomerMetadata extends t.TypeOf<typeof CustomerMetadataCodec> {}
/** A customer metadata entry (`customer.metadata[]`), possibly printed on invoices. */
export const CustomerMetadata = named<CustomerMetadata>(CustomerMetadataCodec);

const IntegrationCustomerCodec = struct(
  'IntegrationCustomer',
  {
    svc_id: Uuid,
    type: IntegrationType,
    integration_code: t.string,
    external_customer_id: t.string,
    sync_with_provider: nullable(t.boolean),
    subsidiary_id: nullable(t.string),
    targeted_object: nullable(t.string),
    email: nullable(t.string),
  },
  {},
);
/** See {@link IntegrationCustomer}. */
export interface IntegrationCustomer extends t.TypeOf<typeof IntegrationCustomerCodec> {}
/** A customer's link to an integration (accounting, tax, CRM). */
export const IntegrationCustomer = named<IntegrationCustomer>(IntegrationCustomerCodec);

const CustomerCodec = struct(
  'Customer',
  {
    svc_id: Uuid,
    sequential_id: Integer,
    slug: t.string,
    external_id: t.string,
    billing_entity_code: t.string,
    applicable_timezone: t.string,
    timezone: nullable(t.string),
    created_at: Timestamp,
    updated_at: Timestamp,
    address_line1: nullable(t.string),
    address_line2: nullable(t.string),
    city: nullable(t.string),
    state: nullable(t.string),
    country: nullable(t.string),
    zipcode: nullable(t.string),
    currency: nullable(CurrencyCode),
    email: nullable(t.string),
    phone: nullable(t.string),
    name: nullable(t.string),
    firstname: nullable(t.string),
    lastname: nullable(t.string),
    legal_name: nullable(t.string),
    legal_number: nullable(t.string),
    logo_url: nullable(t.string),
    url: nullable(t.string),
    tax_identification_number: nullable(t.string),
    account_type: AccountType,
    net_payment_term: nullable(Integer),
    finalize_zero_amount_invoice: FinalizeZeroAmountInvoice,
    skip_invoice_custom_sections: t.boolean,
    billing_configuration: BillingConfiguration,
    shipping_address: ShippingAddress,
    metadata: array(CustomerMetadata),
  },
  {
    customer_type: nullable(CustomerType),
    external_salesforce_id: nullable(t.string),
    integration_customers: array(IntegrationCustomer),
    taxes: array(Tax),
    applicable_invoice_custom_sections: array(InvoiceCustomSection),
    error_details: array(ErrorDetail),
  },
);
/** A customer, see {@link Customer}. */
export interface Customer extends t.TypeOf<typeof CustomerCodec> {}
/**
 * A customer, identified to callers by `external_id`. Most address and contact fields may
 * be `null`. `integration_customers` is sent on customers embedded in invoices and credit
 * notes; `taxes`, `applicable_invoice_custom_sections` and `error_details` by `GET /customers`.
 */
export const Customer = named<Customer>(CustomerCodec);
