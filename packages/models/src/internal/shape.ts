import type * as t from 'io-ts';
import type { Choice } from './choice';

/**
 * How a codec of this package was built, as its combinator recorded it: what
 * scripts/checks-table.ts reads to write the table of the slim check (`checkResource`), so that
 * the rules keep one home, the codecs. io-ts's own codecs (`t.string`, `t.literal`, `t.keyof`,
 * the branded primitives) are read from their io-ts structure instead.
 */
export type Shape =
  | {
      readonly kind: 'struct';
      readonly required: Readonly<Record<string, t.Mixed>>;
      readonly optional: Readonly<Record<string, t.Mixed>>;
    }
  | { readonly kind: 'nullable' | 'array' | 'dict'; readonly of: t.Mixed }
  | { readonly kind: 'one_of'; readonly members: readonly t.Mixed[] }
  | {
      readonly kind: 'tagged';
      readonly tag: string;
      readonly members: Readonly<Record<string, t.Mixed>>;
      readonly untagged: t.Mixed | undefined;
    }
  | { readonly kind: 'chosen'; readonly choice: Choice<t.Mixed> };

const shapes = new WeakMap<object, Shape>();

/** Records how `codec` was built (see {@link Shape}), and returns it. */
export function withShape<C extends t.Mixed>(codec: C, shape: Shape): C {
  shapes.set(codec, shape);
  return codec;
}

/** How `codec` was built, when one of this package's combinators built it. */
export function shapeOf(codec: t.Mixed): Shape | undefined {
  return shapes.get(codec);
}
