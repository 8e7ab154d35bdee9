import { describe, expect, it } from 'vitest';
import { lineSubscription } from '../../src/backtest-parallel/line-subscription';

const of = (text: string) => lineSubscription(Buffer.from(text));

describe('lineSubscription', () => {
  it("reads the one plain external_subscription_id of a line's bytes", () => {
    expect(of('{"external_subscription_id":"sub_1","code":"a"}')).toBe('sub_1');
    expect(of('{"code": "a", "external_subscription_id" :\t"sub é"}\r')).toBe('sub é');
  });

  it('says null for a line without the key (no subscription, or not an event)', () => {
    expect(of('{"code":"a","timestamp":1}')).toBeNull();
    expect(of('not json')).toBeNull();
    expect(of('')).toBeNull();
  });

  it('cannot tell (undefined) a line with a backslash, the key twice, or a value that is not a plain string', () => {
    // An escaped key is the same key once parsed.
    expect(
      of(
        '{"external\\u005fsubscription_id":"sub_2","properties":{"external_subscription_id":"sub_1"}}',
      ),
    ).toBeUndefined();
    expect(of('{"external_subscription_id":"sub_\\"1"}')).toBeUndefined();
    expect(
      of('{"external_subscription_id":"sub_1","properties":{"external_subscription_id":"sub_2"}}'),
    ).toBeUndefined();
    expect(of('{"external_subscription_id":7}')).toBeUndefined();
    expect(of('{"external_subscription_id":null}')).toBeUndefined();
    expect(of('{"external_subscription_id" "sub_1"}')).toBeUndefined();
    expect(of('{"external_subscription_id":"sub_1')).toBeUndefined();
  });
});
