/**
 * The resources of one parsed JSON file: a single object, an array, an API envelope
 * (`{"plan": {...}}`, `{"plans": [...], "meta": {...}}`), with `svc_` or `lago_` keys.
 */

import { type FeecastError, feecastError } from '@feecast/engine';
import { fromLagoKeys } from '@feecast/models';
import { decodeIn } from '@feecast/sources';
import { type Either, isLeft, left, right } from 'fp-ts/lib/Either.js';
import { isRecord } from '../guards';
import {
  RESOURCE_KIND_NAMES,
  RESOURCE_KINDS,
  type ResourceKind,
  type ResourceKindInfo,
  type Resources,
} from './resource-kinds';

/**
 * The hint printed under a decoding error: the shapes a file of this kind may have.
 *
 * @example
 * resourceHint('plan')
 * // 'A plan file holds {"plan": {...}}, {"plans": [...], "meta": {...}} (as GET /plans returns them), one plan object or an array of plan objects; keys may start with svc_ or lago_.'
 */
export function resourceHint(kind: ResourceKind): string {
  const info: ResourceKindInfo<unknown> = RESOURCE_KINDS[kind];
  return `A${/^[aeiou]/.test(info.label) ? 'n' : ''} ${info.label} file holds {"${info.singular}": {...}}, {"${info.plural}": [...], "meta": {...}} (as ${info.source} returns them), one ${info.label} object or an array of ${info.label} objects; keys may start with svc_ or lago_.`;
}

/** A reference export names its identifiers `lago_*`: rename them when the object has no `svc_id`. */
function withServiceKeys(value: unknown): unknown {
  return isRecord(value) && Object.hasOwn(value, 'lago_id') && !Object.hasOwn(value, 'svc_id')
    ? fromLagoKeys(value)
    : value;
}

/** The kind whose envelope key the object has, when it is another kind than the one expected. */
function otherKind(value: Record<string, unknown>, kind: ResourceKind): ResourceKind | undefined {
  if (Object.hasOwn(value, 'svc_id') || Object.hasOwn(value, 'lago_id')) return undefined;
  return RESOURCE_KIND_NAMES.find((other) => {
    const info: ResourceKindInfo<unknown> = RESOURCE_KINDS[other];
    return (
      other !== kind && (Object.hasOwn(value, info.singular) || Object.hasOwn(value, info.plural))
    );
  });
}

function shapeError(
  file: string,
  kind: ResourceKind,
  message: string,
  path: string[],
): FeecastError {
  return feecastError('invalid_input', `${file}: ${message}\nHint: ${resourceHint(kind)}`, path, {
    file,
  });
}

/** Where the resources of a document are: each item with its path in the document. */
function locate(
  file: string,
  kind: ResourceKind,
  json: unknown,
): Either<FeecastError, readonly { readonly value: unknown; readonly prefix: string }[]> {
  const info: ResourceKindInfo<unknown> = RESOURCE_KINDS[kind];
  const items = (array: readonly unknown[], prefix: string) =>
    right(array.map((value, i) => ({ value, prefix: `${prefix}[${i}]` })));
  if (Array.isArray(json)) return items(json, '');
  if (!isRecord(json)) {
    return left(
      shapeError(
        file,
        kind,
        `expected a JSON object or array of ${info.label}s, found ${json === null ? 'null' : typeof json}.`,
        [],
      ),
    );
  }
  if (Object.hasOwn(json, info.plural)) {
    const list = json[info.plural];
    if (!Array.isArray(list)) {
      return left(
        shapeError(file, kind, `"${info.plural}" must be an array of ${info.label} objects.`, [
          info.plural,
        ]),
      );
    }
    return items(list, info.plural);
  }
  if (Object.hasOwn(json, info.singular)) {
    return right([{ value: json[info.singular], prefix: info.singular }]);
  }
  const other = otherKind(json, kind);
  if (other !== undefined) {
    const found: ResourceKindInfo<unknown> = RESOURCE_KINDS[other];
    return left(
      shapeError(
        file,
        kind,
        `this file holds ${found.label} data, not ${info.label} data (it has the root key "${Object.hasOwn(json, found.singular) ? found.singular : found.plural}"). Give it to the option for ${found.label}s.`,
        [],
      ),
    );
  }
  return right([{ value: json, prefix: '' }]);
}

/**
 * The resources of `kind` in a parsed JSON document read from `file`, decoded with the
 * kind's codec. Accepted shapes: `{"plan": {...}}`, `{"plans": [...]}` (with or without
 * `meta`), a bare object, an array of objects; objects exported by the reference service
 * (`lago_id`, `lago_*` keys) are renamed to `svc_` first. A document that does not decode is a
 * `Left` (`invalid_input`) naming the file, every problem's path from the document's root,
 * and the accepted shapes.
 *
 * @example
 * resourcesFromJson('plan', JSON.parse(text), 'plans.json') // right([plan1, plan2])
 * resourcesFromJson('plan', { customer: {} }, 'x.json')
 * // left: 'x.json: this file holds customer data, not plan data (...)'
 */
export function resourcesFromJson<K extends ResourceKind>(
  kind: K,
  json: unknown,
  file: string,
): Either<FeecastError, readonly Resources[K][]> {
  const located = locate(file, kind, json);
  if (isLeft(located)) return located;
  const info: ResourceKindInfo<Resources[K]> = RESOURCE_KINDS[kind];
  const hint = resourceHint(kind);
  const resources: Resources[K][] = [];
  for (const { value, prefix } of located.right) {
    const decoded = decodeIn(info.codec, withServiceKeys(value), { file, prefix, hint });
    if (isLeft(decoded)) return decoded;
    resources.push(decoded.right);
  }
  return right(resources);
}
