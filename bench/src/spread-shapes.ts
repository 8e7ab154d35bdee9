/**
 * What a copy with more fields costs on this Node (issue 21 §Checks, tenth session): one
 * million objects built from a fresh object of five fields plus two more, three ways: a spread
 * followed by the fields (`{ ...base, grouped_by, filters }`), `Object.assign` onto a new object
 * (the engine's `extended`, core/extended.ts), and the fields written out. Each line: the
 * nanoseconds per object (median of 5 rounds) and whether two objects built the same way share
 * their hidden class (V8's `%HaveSameMap`). On Node 20 (V8 11.3) the spread gives each object a
 * class of its own; a later read of such objects then goes through a megamorphic lookup.
 * Run: `node --allow-natives-syntax --import tsx src/spread-shapes.ts` from bench/.
 */
import { median } from './harness';

// V8's natives syntax is not TypeScript: a function written from text.
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
  a: object,
  b: object,
) => boolean;

interface Base {
  readonly units: string;
  readonly events_count: number;
  readonly amount_cents: number;
  readonly pricing_unit_details: null;
  readonly total_aggregated_units: string;
}

function base(i: number): Base {
  return {
    units: String(i),
    events_count: i,
    amount_cents: i,
    pricing_unit_details: null,
    total_aggregated_units: '1',
  };
}

const WAYS: Record<string, (i: number) => object> = {
  'spread, then fields': (i) => ({ ...base(i), grouped_by: { region: 'eu' }, filters: [] }),
  'Object.assign onto a new object': (i) =>
    Object.assign({}, base(i), { grouped_by: { region: 'eu' }, filters: [] }),
  'fields written out': (i) => {
    const b = base(i);
    return {
      units: b.units,
      events_count: b.events_count,
      amount_cents: b.amount_cents,
      pricing_unit_details: b.pricing_unit_details,
      total_aggregated_units: b.total_aggregated_units,
      grouped_by: { region: 'eu' },
      filters: [],
    };
  },
};

const N = 1_000_000;
console.log(`node ${process.version}, ${N.toLocaleString('en-US')} objects a round`);
console.log('| way | ns per object | one hidden class |');
console.log('| --- | ---: | --- |');
for (const [name, build] of Object.entries(WAYS)) {
  const rounds: number[] = [];
  let kept: object | undefined;
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    for (let i = 0; i < N; i++) kept = build(i);
    rounds.push(((performance.now() - started) * 1e6) / N);
  }
  const shared = sameMap(build(1), build(2)) && kept !== undefined && sameMap(build(3), kept);
  console.log(
    `| ${name} | ${median(rounds).toFixed(0)} | ${shared ? 'yes' : 'no, one per object'} |`,
  );
}
