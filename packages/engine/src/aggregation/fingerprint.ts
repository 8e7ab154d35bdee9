/**
 * What makes two accumulators mergeable: the metric, charges and options they were created
 * with, compared as JSON when they are merged (never on the hot path of creating one). A
 * value that is not JSON (a bigint, a cycle) matches nothing: such an accumulator merges with
 * no other.
 * @internal
 */
export class Fingerprint {
  /** The JSON text, `null` until first asked, `undefined` when the value is not JSON. */
  private text: string | undefined | null = null;

  constructor(private readonly value: unknown) {}

  /** `true` when both were created from the same definitions (as JSON). */
  matches(other: Fingerprint): boolean {
    const mine = this.json();
    return mine !== undefined && mine === other.json();
  }

  private json(): string | undefined {
    if (this.text === null) {
      try {
        this.text = JSON.stringify(this.value);
      } catch {
        this.text = undefined;
      }
    }
    return this.text;
  }
}

/**
 * Whether `value` is an instance of `kind`, answered for any value: a proxy whose
 * `getPrototypeOf` throws is not one (an accumulator given something else to merge answers
 * with a `Left`, never a throw).
 *
 * @example
 * isInstance(otherAccumulator, SingleBucketAccumulator) // true
 * isInstance(revokedProxy, SingleBucketAccumulator)     // false
 * @internal
 */
export function isInstance<C extends abstract new (...args: never[]) => unknown>(
  value: unknown,
  kind: C,
): value is InstanceType<C> {
  try {
    return value instanceof kind;
  } catch {
    return false;
  }
}
