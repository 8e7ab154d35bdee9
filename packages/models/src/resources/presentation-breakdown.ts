import * as t from 'io-ts';
import { dict } from '../internal/dict';
import { named } from '../internal/named';
import { struct } from '../internal/struct';
import { DecimalString } from '../primitives/decimal-string';

const PresentationBreakdownCodec = struct(
  'PresentationBreakdown',
  { presentation_by: dict(t.string), units: DecimalString },
  {},
);
/** See {@link PresentationBreakdown}. */
export interface PresentationBreakdown extends t.TypeOf<typeof PresentationBreakdownCodec> {}
/** Units split by presentation group keys (`presentation_breakdowns[]` of fees and usage). */
export const PresentationBreakdown = named<PresentationBreakdown>(PresentationBreakdownCodec);
