/**
 * The reference service prefixes the identifiers it generates with `lago_` (`lago_id`,
 * `lago_customer_id`); this API uses `svc_`. These helpers rename keys between the two.
 */

import { MAX_LIST_LENGTH } from './internal/limits';

const LAGO = 'lago_';
const SVC = 'svc_';

/**
 * Renames every key that starts with `lago_` to start with `svc_` instead, at every depth
 * of objects and arrays, so that a JSON export of the reference service decodes with the
 * codecs of this package. Returns a new value: the input is not modified. Only keys are
 * renamed (values are kept), and every key is (including user-defined ones, such as event
 * properties or metadata keys, that happen to start with `lago_`). Objects that are not plain
 * (dates, class instances) are kept as they are; cycles are preserved. An object that cannot
 * be read (a getter or proxy that throws) is kept as it is, for `decode` to report: this
 * function never throws. When an object has both `lago_x` and `svc_x`, the one that comes
 * last wins.
 *
 * @example
 * fromLagoKeys({ wallet: { lago_id: '66a8', lago_customer_id: 'ea04', name: 'Prepaid' } })
 * // => { wallet: { svc_id: '66a8', svc_customer_id: 'ea04', name: 'Prepaid' } }
 * const lagoExport = JSON.stringify(toLagoKeys({ wallet })); // as the reference service sends it
 * decode(WalletResponse, fromLagoKeys(JSON.parse(lagoExport))) // ~> right({ wallet: { svc_id: wallet.svc_id } })
 */
export function fromLagoKeys(input: unknown): unknown {
  return renameKeys(input, LAGO, SVC);
}

/**
 * The reverse of {@link fromLagoKeys}: renames every key that starts with `svc_` to start
 * with `lago_`, at every depth, to send a value to the reference service.
 *
 * @example
 * toLagoKeys({ svc_id: '66a8', name: 'Prepaid' }) // => { lago_id: '66a8', name: 'Prepaid' }
 */
export function toLagoKeys(input: unknown): unknown {
  return renameKeys(input, SVC, LAGO);
}

function renameKeys(input: unknown, from: string, to: string): unknown {
  const copies = new Map<object, unknown>();
  const visit = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const copied = copies.get(value);
    if (copied !== undefined) return copied;
    try {
      return copy(value);
    } catch {
      // A getter or proxy that throws: the value is kept as it is, for `decode` to report.
      copies.set(value, value);
      return value;
    }
  };
  const copy = (value: object): unknown => {
    // A list longer than any codec reads is kept as it is: decode reports it without reading it.
    if (Array.isArray(value) && value.length > MAX_LIST_LENGTH) return value;
    if (Array.isArray(value)) {
      const array: unknown[] = [];
      copies.set(value, array);
      for (const item of value) array.push(visit(item));
      return array;
    }
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return value;
    // Same prototype as the input: a null-prototype object stays one.
    const object: Record<string, unknown> = prototype === null ? Object.create(null) : {};
    copies.set(value, object);
    for (const [key, item] of Object.entries(value)) {
      const renamed = key.startsWith(from) ? `${to}${key.slice(from.length)}` : key;
      // defineProperty, not assignment: a key named `__proto__` stays a plain key.
      Object.defineProperty(object, renamed, {
        value: visit(item),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return object;
  };
  return visit(input);
}
