import { describe, expect, it } from 'vitest';
import { lineSubscription, lineSubscriptions } from '../../src/backtest-parallel/line-subscription';

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

describe('lineSubscriptions', () => {
  // Lines whose keys, backslashes and quotes fall next to other lines' in one buffer.
  const lines = [
    '{"external_subscription_id":"sub_1","code":"a"}',
    '{"code":"a"}',
    '{"code":"b","external_subscription_id":"sub_2"}',
    '{"external_subscription_id":"sub_\\"3"}',
    '{"external_subscription_id":"sub_4"}',
    '"external_subscription_id"',
    '{"external_subscription_id":"sub_5","properties":{"external_subscription_id":"sub_6"}}',
    '{"external_subscription_id":7}',
    '{"external_subscription_id":"sub_7',
    '"}',
    '{"x":"\\"}',
    '',
    '{"external_subscription_id" : "sub é"}',
    '"external_subscription',
    '_id":"sub_8"}',
  ];

  it("tells each line of a buffer what lineSubscription tells of that line's bytes alone", () => {
    const data = Buffer.from(lines.join('\n'));
    const subscription = lineSubscriptions(data);
    let start = 0;
    const told = lines.map((line) => {
      const end = start + Buffer.byteLength(line);
      const id = subscription(start, end);
      start = end + 1;
      return id;
    });
    expect(told).toEqual(lines.map(of));
    expect(told).toEqual([
      'sub_1',
      null,
      'sub_2',
      undefined,
      'sub_4',
      undefined,
      undefined,
      undefined,
      undefined,
      null,
      undefined,
      null,
      'sub é',
      null,
      null,
    ]);
  });
});
