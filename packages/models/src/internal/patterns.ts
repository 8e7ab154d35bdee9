/**
 * The shapes of the wire primitives, as regular expressions' sources: one home for what the
 * codecs test and what their JSON Schemas say (`pattern`).
 */

/** A decimal in a string (`DecimalString`): `12`, `-0.5`, `1.2e-3`. */
export const DECIMAL_STRING_PATTERN = '^-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?$';

/** A UUID (`Uuid`): 8-4-4-4-12 hex digits. */
export const UUID_PATTERN =
  '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** A currency code (`CurrencyCode`): three upper-case letters. */
export const CURRENCY_CODE_PATTERN = '^[A-Z]{3}$';

/** A calendar date (`IsoDate`), `YYYY-MM-DD` (the codec also checks that the day exists). */
export const ISO_DATE_PATTERN = '^(\\d{4})-(\\d{2})-(\\d{2})$';

/**
 * A UTC timestamp (`Timestamp`): seconds, 0 to 9 fraction digits, `Z` or `+00:00`. The codec
 * reads it character by character and also checks that the day and the time exist; this is
 * the same shape for a JSON Schema.
 */
export const TIMESTAMP_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?(Z|\\+00:00)$';

/** Unix seconds in a string (an `EventTimestamp`'s other form): `1741000000`, `1741000000.5`. */
export const UNIX_SECONDS_PATTERN = '^\\d+(\\.\\d+)?$';
