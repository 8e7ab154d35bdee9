/**
 * What each named primitive of the wire format accepts, in words, appended to the
 * `expected` of a decode problem when the message is rendered.
 */
export const hints: Readonly<Record<string, string>> = {
  Uuid: 'a UUID string such as "66a81770-c736-48e0-9785-c276e2366448"',
  Timestamp:
    'an ISO 8601 UTC timestamp string: "2025-01-15T10:00:00Z", "2025-01-15T10:00:00.000Z" or "2025-01-15T10:00:00+00:00"',
  IsoDate: 'a calendar date string "YYYY-MM-DD"',
  DecimalString: 'a decimal number in a string, such as "12.3456"',
  Cents: 'an integer amount in minor units, as a JSON number',
  CurrencyCode: 'three upper-case letters such as "USD"',
  FiniteNumber: 'a JSON number',
  NonNegativeNumber: 'a JSON number >= 0',
  Integer: 'an integer, as a JSON number',
  NonNegativeInteger: 'an integer >= 0, as a JSON number',
  PositiveInteger: 'an integer >= 1, as a JSON number',
  Rate: 'a percentage, as a JSON number',
  EventTimestamp: 'an ISO 8601 UTC timestamp string, or unix seconds',
  FixedChargeUnits: 'a number >= 0, or a decimal string',
  UnknownRecord: 'a JSON object',
  UnknownArray: 'a JSON array',
};
