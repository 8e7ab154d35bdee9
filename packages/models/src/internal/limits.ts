/**
 * The longest list a codec reads: longer arrays (a sparse `new Array(2 ** 32 - 1)` costs a
 * caller nothing to build) are one problem, not billions of elements to check.
 */
export const MAX_LIST_LENGTH = 10_000_000;

/** A list's elements stop being checked after this many problems: the rest is not read. */
export const MAX_ELEMENT_PROBLEMS = 100;
