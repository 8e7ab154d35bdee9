/**
 * The grouping keys every model accepts (charge-models.md §1.4): `pricing_group_keys` (or the
 * deprecated `grouped_by`) and `presentation_group_keys`, checked as the reference checks them.
 * @internal
 */

import { type Either, left, right } from 'fp-ts/lib/Either.js';
import { type FeecastError, isRecord } from '../../core/index';
import { describePath, invalidProperty, own, type PropertyRecord } from './properties';

const nonEmptyString = (value: unknown): boolean => typeof value === 'string' && value !== '';

function checkGroupKeys(
  properties: PropertyRecord,
  key: string,
  path: readonly string[],
): FeecastError | undefined {
  const keys = own(properties, key);
  if (keys === undefined || keys === null) return undefined;
  if (Array.isArray(keys) && keys.every(nonEmptyString)) return undefined;
  const at = [...path, key];
  return invalidProperty(
    at,
    `${describePath(at)} must be an array of property names such as ["region"], or null.`,
    'invalid_type',
    keys,
  );
}

function checkPresentationKeys(
  properties: PropertyRecord,
  path: readonly string[],
): FeecastError | undefined {
  const keys = own(properties, 'presentation_group_keys');
  if (keys === undefined || keys === null) return undefined;
  const at = [...path, 'presentation_group_keys'];
  if (!Array.isArray(keys)) {
    return invalidProperty(
      at,
      `${describePath(at)} must be an array of {"value": "key"} objects, or null.`,
      'invalid_type',
      keys,
    );
  }
  if (keys.length > 2) {
    return invalidProperty(
      at,
      `${describePath(at)} may hold at most 2 keys.`,
      'too_many_keys',
      keys,
    );
  }
  const seen = new Set<string>();
  for (const [index, item] of keys.entries()) {
    const itemPath = [...at, String(index)];
    const options = isRecord(item) ? own(item, 'options') : undefined;
    const valid =
      isRecord(item) &&
      nonEmptyString(own(item, 'value')) &&
      Object.keys(item).every((k) => k === 'value' || k === 'options') &&
      (options === undefined ||
        (isRecord(options) &&
          Object.keys(options).every((k) => k === 'display_in_invoice') &&
          ['boolean', 'undefined'].includes(typeof own(options, 'display_in_invoice'))));
    if (!valid) {
      return invalidProperty(
        itemPath,
        `${describePath(itemPath)} must be {"value": "key"} with an optional "options": {"display_in_invoice": true}.`,
        'invalid_type',
        item,
      );
    }
    const value = String(own(item, 'value'));
    if (seen.has(value)) {
      return invalidProperty(
        [...itemPath, 'value'],
        `${describePath(itemPath)}.value "${value}" is listed twice.`,
        'value_is_duplicated',
        value,
      );
    }
    seen.add(value);
  }
  return undefined;
}

/**
 * Checks the grouping keys of any model's properties; `right(undefined)` when they are valid.
 *
 * @example
 * checkGrouping({ pricing_group_keys: [''] }, ['properties'])
 * // left({ code: 'invalid_charge_properties', path: ['properties', 'pricing_group_keys'], ... })
 */
export function checkGrouping(
  properties: PropertyRecord,
  path: readonly string[],
): Either<FeecastError, undefined> {
  const problem =
    checkGroupKeys(properties, 'pricing_group_keys', path) ??
    checkGroupKeys(properties, 'grouped_by', path) ??
    checkPresentationKeys(properties, path);
  return problem === undefined ? right(undefined) : left(problem);
}
