/**
 * The decimal core as the engine's own modules see it: the public API plus the hot-path
 * readers that reuse a caller's scratch instead of allocating an `Either` per value.
 * @internal
 */

export { wholeMinorUnits } from './currency';
export * from './index';
export { checkDecimalText, createScan, readDecimal } from './parse';
export { MAX_SAFE, POW10 } from './safe-integers';
export {
  type Scaled,
  type ScaledBatch,
  scaledBatch,
  scaledDecimal,
  scaledOf,
  scaledText,
} from './scaled-batch';
export { numberText, type Scan, scanDecimal } from './scan';
