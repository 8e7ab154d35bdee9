/**
 * Writes src/internal/check-table.ts, the table of the slim check (`checkResource`), from the
 * codecs themselves, so that the rules keep one home: each codec of the resources below is
 * walked (how this package's combinators built it, `shapeOf`; io-ts's own codecs and the
 * branded primitives by their structure and name) into data that src/internal/checker.ts reads.
 * Run by the package's build; test/check.test.ts checks that the committed table is what this
 * writes. `node --import tsx scripts/checks-table.ts` writes it; with `--check`, it only fails
 * (exit 1) when the committed table differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as t from 'io-ts';
import type { CheckedResources } from '../src/check';
import * as models from '../src/index';
import {
  type CheckNode,
  type CheckRef,
  derivedName,
  PRIMITIVE_NAMES,
} from '../src/internal/checker';
import { shapeOf } from '../src/internal/shape';

/** The resources the slim check covers: what the engine reads of an operation's input. */
export const CHECKED: { readonly [N in keyof CheckedResources]: t.Mixed } = {
  Customer: models.Customer,
  Subscription: models.Subscription,
  Plan: models.Plan,
  MinimumCommitment: models.MinimumCommitment,
  BillableMetric: models.BillableMetric,
  Tax: models.Tax,
};

/** Where the table is written. */
export const TABLE_FILE = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'src',
  'internal',
  'check-table.ts',
);

const BUILTINS = new Set<t.Mixed>([t.string, t.number, t.boolean, t.UnknownRecord]);

/** The table's nodes (each once, shared by every codec written the same) and its roots. */
export function checkTable(): { nodes: CheckNode[]; roots: Record<string, number> } {
  const nodes: CheckNode[] = [];
  const byText = new Map<string, number>();
  const byCodec = new Map<t.Mixed, CheckRef>();

  const refOf = (codec: t.Mixed): CheckRef => {
    const known = byCodec.get(codec);
    if (known !== undefined) return known;
    const ref = primitiveOf(codec) ?? place(nodeOf(codec));
    byCodec.set(codec, ref);
    return ref;
  };

  const place = (named: CheckNode): number => {
    // A name its parts give is left out (the checker derives it again).
    const unnamed = [named[0], null, ...named.slice(2)] as unknown as CheckNode;
    const derived = derivedName({ nodes, roots: {} }, unnamed) === named[1];
    const node = derived ? unnamed : named;
    const text = JSON.stringify(node);
    const known = byText.get(text);
    if (known !== undefined) return known;
    nodes.push(node);
    byText.set(text, nodes.length - 1);
    return nodes.length - 1;
  };

  const refsOf = (codecs: Readonly<Record<string, t.Mixed>>): Record<string, CheckRef> =>
    Object.fromEntries(Object.entries(codecs).map(([key, codec]) => [key, refOf(codec)]));

  const nodeOf = (codec: t.Mixed): CheckNode => {
    const shape = shapeOf(codec);
    const { name } = codec;
    if (shape !== undefined) {
      switch (shape.kind) {
        case 'struct':
          return ['s', name, refsOf(shape.required), refsOf(shape.optional)];
        case 'nullable':
          return ['n', name, refOf(shape.of)];
        case 'array':
          return ['a', name, refOf(shape.of)];
        case 'dict':
          return ['d', name, refOf(shape.of)];
        case 'one_of':
          return ['o', name, shape.members.map(refOf)];
        case 'tagged':
          return [
            't',
            name,
            shape.tag,
            refsOf(shape.members),
            shape.untagged === undefined ? null : refOf(shape.untagged),
          ];
        case 'chosen': {
          const { rules, fallback, owned } = shape.choice;
          return [
            'c',
            name,
            rules.map(([keys, member]) => [keys, refOf(member)] as const),
            refOf(fallback),
            owned,
          ];
        }
      }
    }
    if (codec instanceof t.KeyofType) return ['e', name, Object.keys(codec.keys as object)];
    if (codec instanceof t.LiteralType) return ['l', name, codec.value as string];
    throw new Error(
      `the slim check cannot read the codec ${name}: give its combinator a shape (src/internal/shape.ts) and src/internal/checker.ts its kind`,
    );
  };

  const roots = Object.fromEntries(
    Object.entries(CHECKED).map(([name, codec]) => {
      const ref = refOf(codec);
      if (typeof ref !== 'number') throw new Error(`the root ${name} is a primitive`);
      return [name, ref];
    }),
  );
  return { nodes, roots };
}

/** The name of a primitive codec: io-ts's own, or a branded primitive exported by its name. */
function primitiveOf(codec: t.Mixed): string | undefined {
  const exported = (models as Record<string, unknown>)[codec.name] === codec;
  if (!BUILTINS.has(codec) && !(codec instanceof t.RefinementType && exported)) return undefined;
  if (!PRIMITIVE_NAMES.includes(codec.name)) {
    throw new Error(
      `the slim check has no predicate for ${codec.name}: add it to src/internal/checker.ts`,
    );
  }
  return codec.name;
}

/** The text of src/internal/check-table.ts. */
export function checkTableText(): string {
  const { nodes, roots } = checkTable();
  const lines = nodes.map((node, i) => `    /* ${i} */ ${JSON.stringify(node)},`);
  return [
    '// Written by scripts/checks-table.ts from the codecs (the build writes it again): do not edit.',
    "import type { CheckTable } from './checker';",
    '',
    '/**',
    ' * The codecs of the resources `checkResource` checks, as data: what src/internal/checker.ts',
    ' * reads to refuse what they refuse, with the same problems, without io-ts.',
    ' */',
    '// biome-ignore format: written by scripts/checks-table.ts',
    'export const CHECK_TABLE: CheckTable = {',
    `  roots: ${JSON.stringify(roots)},`,
    '  nodes: [',
    ...lines,
    '  ],',
    '};',
    '',
  ].join('\n');
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = checkTableText();
  if (process.argv.includes('--check')) {
    if (readFileSync(TABLE_FILE, 'utf8') !== text) {
      console.error(`${TABLE_FILE} is not what scripts/checks-table.ts writes: run it`);
      process.exit(1);
    }
  } else {
    writeFileSync(TABLE_FILE, text);
  }
}
