import {
  ceil,
  compare,
  type Decimal,
  floor,
  formatDecimal,
  halfAwayFromZero,
  isScale,
  MAX_SCALE,
  type Rounding,
  type Scale,
} from '../../core/index';
import type { ExpressionFunctionName } from './ast';
import { compareSmall, roundSmall, type SmallNode, type SmallRounding } from './small';
import { type CompiledNode, EvaluationFailure, expectedDecimal, type Outcome } from './value';

/** Where a function is called, for error messages. */
export interface CallSite {
  readonly name: ExpressionFunctionName;
  /** 1-based column of the function name. */
  readonly column: number;
  /** Each argument printed back as source text (`event.properties.a`). */
  readonly argumentSources: readonly string[];
}

/** A compiled argument on the small path, with its value when it is a constant integer. */
export interface SmallArgument {
  readonly run: SmallNode;
  /** The argument's value when it is a constant safe integer (`2`, `-1`), else `undefined`. */
  readonly integer: number | undefined;
}

/** One entry of the function table: how many arguments, and the implementation. */
export interface ExpressionFunction {
  readonly minArgs: number;
  /** `Number.POSITIVE_INFINITY` when any number of arguments (at least `minArgs`) is allowed. */
  readonly maxArgs: number;
  /** The documented call shape, for error messages: `round(x[, decimals])`. */
  readonly signature: string;
  /**
   * Builds the closure of one call from its compiled arguments (already checked against
   * `minArgs`/`maxArgs`). The closure may keep per-call-site caches.
   */
  readonly implement: (
    args: readonly [CompiledNode, ...CompiledNode[]],
    call: CallSite,
  ) => CompiledNode;
  /**
   * The same function on the small path (`small.ts`), when it has one for these arguments;
   * `undefined` sends every event through `implement`. Must return what `implement` returns
   * whenever it returns a number (property-tested).
   */
  readonly implementSmall?: SmallImplementation;
}

/** Builds a call's small-path closure, or says there is none (`undefined`). */
export type SmallImplementation = (
  args: readonly [SmallArgument, ...SmallArgument[]],
) => SmallNode | undefined;

/** A string where a decimal is needed fails; a decimal (or a failure) passes through. */
function decimalArgument(
  outcome: Outcome,
  call: CallSite,
  index: number,
): Decimal | EvaluationFailure {
  if (typeof outcome !== 'string') return outcome;
  return expectedDecimal(
    outcome,
    `argument ${index + 1} of ${call.name}`,
    call.column,
    call.argumentSources[index] ?? `argument ${index + 1}`,
  );
}

/** A decimal that is an integer from -MAX_SCALE to MAX_SCALE, as a `Scale`. */
function toScale(decimal: Decimal): Scale | undefined {
  const n = Number(formatDecimal(decimal));
  return isScale(n) ? n : undefined;
}

/**
 * `round`, `ceil`, `floor`: `f(x)` to an integer, `f(x, d)` to `d` decimal places (`d` may be
 * negative: tens, hundreds...). `d` is any expression that evaluates to an integer; its last
 * value is cached per call site, so a literal `d` is converted once.
 */
function rounding(mode: Rounding): ExpressionFunction['implement'] {
  return ([valueNode, digitsNode], call) => {
    const units = 0;
    if (digitsNode === undefined && isScale(units)) {
      return (event) => {
        const value = decimalArgument(valueNode(event), call, 0);
        return value instanceof EvaluationFailure ? value : mode(value, units);
      };
    }
    let lastDigits: Decimal | undefined;
    let lastScale: Scale | undefined;
    return (event) => {
      const value = decimalArgument(valueNode(event), call, 0);
      if (value instanceof EvaluationFailure || digitsNode === undefined) return value;
      const digits = decimalArgument(digitsNode(event), call, 1);
      if (digits instanceof EvaluationFailure) return digits;
      if (digits !== lastDigits || lastScale === undefined) {
        lastScale = toScale(digits);
        lastDigits = digits;
        if (lastScale === undefined) return invalidPrecision(digits, call);
      }
      return mode(value, lastScale);
    };
  };
}

/** The small-path twin of {@link rounding}: only for a constant, valid number of places. */
function roundingSmall(mode: SmallRounding): SmallImplementation {
  return ([value, digits]) => {
    const places = digits === undefined ? 0 : digits.integer;
    if (places === undefined || !isScale(places)) return undefined;
    const run = value.run;
    return (event, register) => {
      const m = run(event, register);
      return Number.isNaN(m) ? m : roundSmall(m, register.scale, places, mode, register);
    };
  };
}

function invalidPrecision(digits: Decimal, call: CallSite): EvaluationFailure {
  const text = formatDecimal(digits);
  return new EvaluationFailure(
    'invalid_precision',
    call.column,
    `The number of decimal places given to ${call.name} at column ${call.column} must be an integer from -${MAX_SCALE} to ${MAX_SCALE}, got ${text.length > 40 ? `${text.slice(0, 37)}...` : text}.`,
    undefined,
    undefined,
    text,
  );
}

/** `concat(a, ...)`: the texts of the arguments, decimals in plain notation. */
const concat: ExpressionFunction['implement'] = (args) => (event) => {
  let text = '';
  for (const node of args) {
    const value = node(event);
    if (value instanceof EvaluationFailure) return value;
    text += typeof value === 'string' ? value : formatDecimal(value);
  }
  return text;
};

/** `least` (wanted = -1) and `greatest` (wanted = 1): numeric minimum and maximum. */
function extremum(wanted: -1 | 1): ExpressionFunction['implement'] {
  return ([first, ...rest], call) =>
    (event) => {
      let best = decimalArgument(first(event), call, 0);
      if (best instanceof EvaluationFailure) return best;
      for (let i = 0; i < rest.length; i++) {
        const node = rest[i];
        if (node === undefined) continue;
        const value = decimalArgument(node(event), call, i + 1);
        if (value instanceof EvaluationFailure) return value;
        if (compare(value, best) === wanted) best = value;
      }
      return best;
    };
}

/** The small-path twin of {@link extremum}. */
function extremumSmall(wanted: -1 | 1): SmallImplementation {
  return (args) => {
    const runs = args.map((arg) => arg.run);
    return (event, register) => {
      let best = Number.NaN;
      let bestScale = 0;
      for (let i = 0; i < runs.length; i++) {
        const run = runs[i];
        if (run === undefined) return Number.NaN;
        const m = run(event, register);
        if (Number.isNaN(m)) return m;
        const scale = register.scale;
        if (i > 0) {
          const order = compareSmall(m, scale, best, bestScale);
          if (Number.isNaN(order)) return order;
          if (order !== wanted) continue;
        }
        best = m;
        bestScale = scale;
      }
      register.scale = bestScale;
      return best;
    };
  };
}

/**
 * The functions of the expression language, by canonical name (aggregations.md §5): the
 * compiler looks a call up here and nowhere else. Rounding is half away from zero for
 * `round`, toward +∞ for `ceil`, toward −∞ for `floor`.
 *
 * @example
 * EXPRESSION_FUNCTIONS.round.maxArgs // 2
 * EXPRESSION_FUNCTIONS.concat.maxArgs // Infinity
 */
export const EXPRESSION_FUNCTIONS: Readonly<Record<ExpressionFunctionName, ExpressionFunction>> = {
  round: {
    minArgs: 1,
    maxArgs: 2,
    signature: 'round(x[, decimals])',
    implement: rounding(halfAwayFromZero),
    implementSmall: roundingSmall('half-away-from-zero'),
  },
  ceil: {
    minArgs: 1,
    maxArgs: 2,
    signature: 'ceil(x[, decimals])',
    implement: rounding(ceil),
    implementSmall: roundingSmall('ceil'),
  },
  floor: {
    minArgs: 1,
    maxArgs: 2,
    signature: 'floor(x[, decimals])',
    implement: rounding(floor),
    implementSmall: roundingSmall('floor'),
  },
  concat: {
    minArgs: 1,
    maxArgs: Number.POSITIVE_INFINITY,
    signature: 'concat(a, ...)',
    implement: concat,
  },
  least: {
    minArgs: 1,
    maxArgs: Number.POSITIVE_INFINITY,
    signature: 'least(x, ...)',
    implement: extremum(-1),
    implementSmall: extremumSmall(-1),
  },
  greatest: {
    minArgs: 1,
    maxArgs: Number.POSITIVE_INFINITY,
    signature: 'greatest(x, ...)',
    implement: extremum(1),
    implementSmall: extremumSmall(1),
  },
};

/**
 * The canonical name of a function as written in an expression. The reference accepts each
 * name in lower case, UPPER CASE or Capitalized only: `round`, `ROUND`, `Round`, not `rOund`.
 *
 * @example
 * functionNamed('LEAST') // 'least'
 * functionNamed('lEast') // undefined
 */
export function functionNamed(text: string): ExpressionFunctionName | undefined {
  const lower = text.toLowerCase();
  if (!Object.hasOwn(EXPRESSION_FUNCTIONS, lower)) return undefined;
  const capitalized = `${lower.charAt(0).toUpperCase()}${lower.slice(1)}`;
  if (text !== lower && text !== lower.toUpperCase() && text !== capitalized) return undefined;
  return lower as ExpressionFunctionName;
}
