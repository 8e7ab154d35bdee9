/**
 * `--json`: the wire-format result, as the API would send it.
 */
import { type FeecastError, feecastError } from '@feecast/engine';
import { type Either, left, right } from 'fp-ts/lib/Either.js';

/**
 * `value` as pretty JSON (two spaces) with a final line break. A number that JSON cannot
 * carry (`NaN`, `Infinity`: `JSON.stringify` would write `null`), a `bigint` or a cycle is a
 * `Left` (`out_of_range` / `invalid_input`) naming where it is, never silently changed.
 *
 * @example
 * renderJson({ fees: [{ amount_cents: 1000 }] }) // right('{\n  "fees": [\n    {\n      "amount_cents": 1000\n    }\n  ]\n}\n')
 * renderJson({ amount: Number.NaN })            // left({ code: 'out_of_range', path: ['amount'], ... })
 */
export function renderJson(value: unknown): Either<FeecastError, string> {
  const stack: unknown[] = [];
  const keys: string[] = [];
  let problem: FeecastError | undefined;
  try {
    const text = JSON.stringify(
      value,
      function replacer(this: unknown, key: string, item: unknown) {
        // `this` is the holder of `key`: unwind the path to it.
        while (stack.length > 0 && stack[stack.length - 1] !== this) {
          stack.pop();
          keys.pop();
        }
        const path = [...keys.slice(1), ...(stack.length === 0 ? [] : [key])];
        if (typeof item === 'number' && !Number.isFinite(item) && problem === undefined) {
          problem = feecastError(
            'out_of_range',
            `The result holds ${String(item)} at ${path.join('.') || '$'}, which JSON cannot carry.`,
            path,
          );
        }
        if (typeof item === 'object' && item !== null) {
          stack.push(item);
          keys.push(key);
        }
        return item;
      },
      2,
    );
    if (problem !== undefined) return left(problem);
    return right(`${text ?? 'null'}\n`);
  } catch (error) {
    return left(
      feecastError(
        'invalid_input',
        `The result cannot be written as JSON: ${error instanceof Error ? error.message : String(error)}.`,
      ),
    );
  }
}
