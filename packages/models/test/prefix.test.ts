import { describe, expect, it } from 'vitest';
import { decode, fromLagoKeys, PlanResponse, toLagoKeys } from '../src/index';
import { fixturesIn } from './support/fixtures';

describe('fromLagoKeys / toLagoKeys', () => {
  it('renames lago_ keys to svc_ at every depth, and back', () => {
    const lago = { lago_id: 'a', items: [{ lago_fee_id: 'b', deep: { lago_x: [{ lago_y: 1 }] } }] };
    const svc = { svc_id: 'a', items: [{ svc_fee_id: 'b', deep: { svc_x: [{ svc_y: 1 }] } }] };
    expect(fromLagoKeys(lago)).toEqual(svc);
    expect(toLagoKeys(svc)).toEqual(lago);
  });

  it('renames keys only: values, other keys and the input are kept', () => {
    const input = { code: 'lago_plan', name: 'svc_name', lago_ids: ['lago_1'], lagoon: 1 };
    const frozen = Object.freeze(input);
    expect(fromLagoKeys(frozen)).toEqual({
      code: 'lago_plan',
      name: 'svc_name',
      svc_ids: ['lago_1'],
      lagoon: 1,
    });
    expect(input.lago_ids).toEqual(['lago_1']);
  });

  it('makes every payload of the reference service, as exported with lago_ keys, decode', () => {
    const plan = fixturesIn('').find((f) => f.file === 'response.plan.json')?.json;
    const exported = toLagoKeys(plan);
    expect(JSON.stringify(exported)).toContain('"lago_billable_metric_id"');
    expect(decode(PlanResponse, exported)._tag).toBe('Left');
    const result = decode(PlanResponse, fromLagoKeys(exported));
    if (result._tag === 'Left') throw new Error(result.left.message);
    expect(result.right).toEqual(plan);
  });

  it('keeps __proto__ an ordinary key and pollutes nothing', () => {
    const input: unknown = JSON.parse('{"__proto__": {"lago_id": 1, "polluted": true}}');
    const output = fromLagoKeys(input) as Record<string, unknown>;
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(Object.getOwnPropertyNames(output)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(output, '__proto__')?.value).toEqual({
      svc_id: 1,
      polluted: true,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps null prototypes, non-plain objects and cycles', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { lago_id: 1 });
    const renamed = fromLagoKeys(bare) as Record<string, unknown>;
    expect(Object.getPrototypeOf(renamed)).toBeNull();
    expect(renamed.svc_id).toBe(1);
    const date = new Date(0);
    expect((fromLagoKeys({ lago_at: date }) as { svc_at: Date }).svc_at).toBe(date);
    const cyclic: Record<string, unknown> = { lago_id: 1 };
    cyclic.lago_self = cyclic;
    const copy = fromLagoKeys(cyclic) as Record<string, unknown>;
    expect(copy.svc_self).toBe(copy);
  });
});
