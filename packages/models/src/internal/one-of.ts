import { isRight } from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { withShape } from './shape';
import { type ChosenUnionC, encoderOf } from './tagged-union';

/**
 * An untagged union tried in order. When every branch fails, the most useful report wins:
 * if no branch got past the value itself, one error names the whole union (`A | B`);
 * otherwise the errors of the branch that got deepest into the value (fewest errors on a tie).
 */
export function oneOf<const CS extends readonly [t.Mixed, ...t.Mixed[]]>(
  members: CS,
  name: string = members.map((member) => member.name).join(' | '),
): ChosenUnionC<CS[number]> {
  const codec = new t.UnionType(
    name,
    (u): u is t.TypeOf<CS[number]> => members.some((member) => member.is(u)),
    (u, c) => {
      let best: t.Errors | undefined;
      let bestDepth = -1;
      for (const member of members) {
        const result = member.validate(u, c);
        if (isRight(result)) return result;
        const depth = result.left.reduce(
          (deepest, error) => Math.max(deepest, error.context.length),
          0,
        );
        if (
          depth > bestDepth ||
          (depth === bestDepth && best !== undefined && result.left.length < best.length)
        ) {
          best = result.left;
          bestDepth = depth;
        }
      }
      return best === undefined || bestDepth <= c.length ? t.failure(u, c) : t.failures(best);
    },
    encoderOf<t.TypeOf<CS[number]>>(members, (a) => members.find((member) => member.is(a))),
    [...members],
  );
  return withShape(codec, { kind: 'one_of', members });
}
