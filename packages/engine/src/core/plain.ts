/**
 * A wire type as a caller writes it, in JSON's own types: every string is a plain `string`
 * (branded ones such as `Uuid`, `Timestamp` or `DecimalString`, and enumerations such as
 * `'calendar' | 'anniversary'`, which the engine checks when it reads the input), every
 * number a plain `number` (`Cents`, `Rate`...), at every depth. Inputs take these plain
 * types; outputs keep the brands (a branded value is still a plain one, so a decoded wire
 * object fits an input as it is).
 *
 * @example
 * const tax: Plain<Tax> = { svc_id: 'c1a5...', rate: 20, ... } // no cast to Uuid or Rate
 */
export type Plain<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends readonly (infer E)[]
        ? readonly Plain<E>[]
        : T extends object
          ? { readonly [K in keyof T]: Plain<T[K]> }
          : T;

/**
 * The keys of a wire object `W` that an input type does not spell out (`K`): each optional,
 * with its plain type. An input may give them; the engine defaults those it leaves out.
 */
export type OtherWireKeys<W, K extends keyof W> = Partial<Plain<Omit<W, K>>>;
