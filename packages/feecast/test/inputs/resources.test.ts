// Loading resource files in every accepted shape (single, array, envelope, lago_ export),
// from the shared wire fixtures, and the errors of bad files.
import { mkdirSync } from 'node:fs';
import { toLagoKeys } from '@feecast/models';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadResources, resourcesFromJson } from '../../src/inputs/index';
import type { ResourceKind } from '../../src/inputs/resource-kinds';
import { fixture, fixturePath, tempPath, writeTemp } from './builders';

/** Every kind with a fixture holding one of it under its singular root key. */
const SINGLES: readonly (readonly [ResourceKind, string, string])[] = [
  ['plan', 'response.plan.json', 'plan'],
  ['plan', 'wire/response.plan.json', 'plan'],
  ['billable_metric', 'response.billable_metric.json', 'billable_metric'],
  ['billable_metric', 'wire/response.billable_metric.json', 'billable_metric'],
  ['subscription', 'response.subscription.json', 'subscription'],
  ['subscription', 'wire/response.subscription.pending.json', 'subscription'],
  ['customer', 'response.customer.json', 'customer'],
  ['coupon', 'response.coupon.json', 'coupon'],
  ['applied_coupon', 'response.applied_coupon.json', 'applied_coupon'],
  ['applied_coupon', 'wire/response.applied_coupon.json', 'applied_coupon'],
  ['wallet', 'response.wallet.json', 'wallet'],
  ['wallet', 'wire/response.wallet.terminated.json', 'wallet'],
  ['add_on', 'response.add_on.json', 'add_on'],
  ['invoice', 'response.invoice.json', 'invoice'],
  ['invoice', 'wire/response.invoice.json', 'invoice'],
];

/** Every list fixture, with its plural root key. */
const LISTS: readonly (readonly [ResourceKind, string, string])[] = [
  ['plan', 'response.plans.json', 'plans'],
  ['plan', 'wire/response.plans.minimal.json', 'plans'],
  ['billable_metric', 'response.billable_metrics.json', 'billable_metrics'],
  ['billable_metric', 'wire/response.billable_metrics.json', 'billable_metrics'],
  ['subscription', 'response.subscriptions.json', 'subscriptions'],
  ['applied_coupon', 'response.applied_coupons.json', 'applied_coupons'],
  ['applied_coupon', 'wire/response.applied_coupons.json', 'applied_coupons'],
];

function idsOf(list: unknown): unknown[] {
  return (list as { svc_id: unknown }[]).map((item) => item.svc_id);
}

describe('resource files: every accepted shape', () => {
  it.each(SINGLES)('%s from the envelope of %s', async (kind, file, root) => {
    const loaded = await loadResources(kind, fixturePath(file));
    expect(loaded).toEqual({ _tag: 'Right', right: [fixture(file)[root]] });
  });

  it.each(LISTS)('%s list from %s (with meta)', async (kind, file, root) => {
    const loaded = await loadResources(kind, fixturePath(file));
    expect(loaded._tag).toBe('Right');
    if (loaded._tag === 'Right') expect(idsOf(loaded.right)).toEqual(idsOf(fixture(file)[root]));
  });

  it('an empty list (current_page 0) is no resources', async () => {
    expect(await loadResources('plan', fixturePath('wire/response.plans.empty.json'))).toEqual({
      _tag: 'Right',
      right: [],
    });
  });

  it('a list without meta is accepted', async () => {
    const { plans } = fixture('response.plans.json');
    const file = writeTemp('plans-no-meta.json', { plans });
    expect(await loadResources('plan', file)).toEqual({ _tag: 'Right', right: plans });
  });

  it('a bare object is one resource (the tax fragment)', async () => {
    const tax = fixture('fragment.tax.json');
    expect(await loadResources('tax', fixturePath('fragment.tax.json'))).toEqual({
      _tag: 'Right',
      right: [tax],
    });
  });

  it('an array of bare objects is those resources, in order', async () => {
    const { wallet } = fixture('response.wallet.json');
    const { wallet: terminated } = fixture('wire/response.wallet.terminated.json');
    const file = writeTemp('wallets.json', [wallet, terminated]);
    expect(await loadResources('wallet', file)).toEqual({
      _tag: 'Right',
      right: [wallet, terminated],
    });
  });

  it.each([
    ['plan', 'response.plans.json'],
    ['subscription', 'response.subscription.json'],
    ['wallet', 'response.wallet.json'],
    ['invoice', 'response.invoice.json'],
  ] as const)('a lago_ export of %s (%s) loads as the svc_ document', async (kind, file) => {
    const exported = writeTemp(`lago-${file}`, toLagoKeys(fixture(file)));
    expect(JSON.stringify(toLagoKeys(fixture(file)))).toContain('"lago_id"');
    expect(await loadResources(kind, exported)).toEqual(
      await loadResources(kind, fixturePath(file)),
    );
  });

  it('a byte-order mark at the start is ignored', async () => {
    const file = writeTemp('bom.json', `\uFEFF${JSON.stringify(fixture('response.coupon.json'))}`);
    expect((await loadResources('coupon', file))._tag).toBe('Right');
  });
});

describe('resource files: errors name the file, the decode path and a hint', () => {
  it.each([
    ['wallet', 'bad/response.wallet.cents_as_string.json', ['wallet', 'balance_cents']],
    [
      'wallet',
      'bad/response.wallet.fee_types_as_string.json',
      ['wallet', 'applies_to', 'fee_types'],
    ],
    ['wallet', 'bad/response.wallet.null_required_string.json', ['wallet', 'external_customer_id']],
    ['plan', 'bad/response.plans.charges_as_string.json', ['plans', '0', 'charges']],
    [
      'subscription',
      'bad/response.subscription.non_iso_timestamp.json',
      ['subscription', 'started_at'],
    ],
    ['invoice', 'bad/response.invoice.non_iso_date.json', ['invoice', 'issuing_date']],
  ] as const)('%s: %s is refused at %j', async (kind, file, path) => {
    const loaded = await loadResources(kind, fixturePath(file));
    expect(loaded._tag).toBe('Left');
    if (loaded._tag !== 'Left') return;
    expect(loaded.left.code).toBe('invalid_input');
    expect(loaded.left.path).toEqual(path);
    const { message } = loaded.left;
    expect(message.startsWith(`${fixturePath(file)}: `)).toBe(true);
    expect(message).toContain(
      `- ${path[0]}${path
        .slice(1)
        .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
        .join('')}: expected`,
    );
    expect(message).toMatch(/\nHint: An? [a-z -]+ file holds \{"/);
  });

  it('the problem path counts from the root of an array document', async () => {
    const { wallet } = fixture('bad/response.wallet.cents_as_string.json');
    const { wallet: good } = fixture('response.wallet.json');
    const file = writeTemp('wallets-bad.json', [good, wallet]);
    const loaded = await loadResources('wallet', file);
    expect(loaded._tag === 'Left' && loaded.left.path).toEqual(['1', 'balance_cents']);
    expect(loaded._tag === 'Left' && loaded.left.message).toContain(
      '- [1].balance_cents: expected Cents',
    );
  });

  it('a file of another kind says which kind it holds', async () => {
    const loaded = await loadResources('plan', fixturePath('response.customer.json'));
    expect(loaded._tag === 'Left' && loaded.left.message).toContain(
      'this file holds customer data, not plan data (it has the root key "customer")',
    );
  });

  it('a list root that is not an array is refused at that key', async () => {
    const file = writeTemp('plans-object.json', { plans: { code: 'x' } });
    const loaded = await loadResources('plan', file);
    expect(loaded._tag === 'Left' && loaded.left.path).toEqual(['plans']);
  });

  it('a document that is not an object or array is refused', async () => {
    const loaded = resourcesFromJson('plan', 42, 'plan.json');
    expect(loaded._tag === 'Left' && loaded.left.message).toContain(
      'plan.json: expected a JSON object or array of plans, found number.',
    );
  });

  it('invalid JSON gives the line and column of the fault', async () => {
    const file = writeTemp('broken.json', '{\n  "plan": {\n    "code": "x",\n  }\n}\n');
    const loaded = await loadResources('plan', file);
    expect(loaded._tag === 'Left' && loaded.left.code).toBe('invalid_json');
    // The fault is the "}" after a trailing comma: line 4, column 3.
    expect(loaded._tag === 'Left' && loaded.left.message).toContain(
      `${file} line 4, column 3: not valid JSON`,
    );
  });

  it('an empty file says so', async () => {
    const loaded = await loadResources('plan', writeTemp('empty.json', '  \n'));
    expect(loaded._tag === 'Left' && loaded.left.message).toContain(
      'empty, where JSON was expected',
    );
  });

  it('a missing file and a directory are unreadable files', async () => {
    const missing = await loadResources('plan', tempPath('nope.json'));
    expect(missing._tag === 'Left' && missing.left).toMatchObject({
      code: 'unreadable_file',
      message: `Cannot read ${tempPath('nope.json')}: there is no such file; check the path.`,
    });
    const dir = tempPath('a-directory');
    mkdirSync(dir, { recursive: true });
    const directory = await loadResources('plan', dir);
    expect(directory._tag === 'Left' && directory.left.message).toContain('it is a directory');
  });

  it('decoding a resource file never throws, whatever JSON it holds', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.constantFrom<ResourceKind>('plan', 'wallet', 'customer'),
        (json, kind) => {
          const result = resourcesFromJson(kind, json, 'any.json');
          expect(['Left', 'Right']).toContain(result._tag);
        },
      ),
    );
  });
});
