import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `scripts/strip-internal.mjs`, run by each package's build on its `dist/`: what is marked
 * `@internal` leaves the built declarations, and the build fails when what remains needs it.
 */
const script = join(dirname(fileURLToPath(import.meta.url)), '..', 'scripts', 'strip-internal.mjs');
const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Writes `index.d.ts` into a fresh folder, runs the script on it; returns what it left. */
function strip(declarations: string): { status: number | null; output: string; text: string } {
  const folder = mkdtempSync(join(tmpdir(), 'strip-internal-'));
  folders.push(folder);
  const file = join(folder, 'index.d.ts');
  writeFileSync(file, declarations);
  const run = spawnSync(process.execPath, [script, folder], { encoding: 'utf8' });
  return {
    status: run.status,
    output: `${run.stdout}${run.stderr}`,
    text: readFileSync(file, 'utf8'),
  };
}

describe('strip-internal', () => {
  it('removes internal members and declarations, and every comment with the tag', () => {
    const result = strip(
      [
        '/**',
        ' * A module comment the bundler left behind.',
        ' * @internal',
        ' */',
        '/** A public batch. */',
        'interface Batch {',
        '    readonly length: number;',
        '    /** Views kept with the batch. @internal */',
        '    readonly derived: Map<string, unknown>;',
        '}',
        '/** A helper. @internal */',
        'declare function helper(): void;',
        'export { type Batch };',
        '',
      ].join('\n'),
    );
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
    expect(result.text).not.toContain('@internal');
    expect(result.text).not.toContain('derived');
    expect(result.text).not.toContain('helper');
    expect(result.text).toContain(
      '/** A public batch. */\ninterface Batch {\n    readonly length: number;\n}',
    );
  });

  it('fails, naming it, when a declaration that stays uses one marked internal', () => {
    const result = strip(
      [
        '/** Records of a slot. @internal */',
        'declare class EventRecords {}',
        'interface Slot {',
        '    readonly records: EventRecords;',
        '}',
        'export { type Slot };',
        '',
      ].join('\n'),
    );
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      '`EventRecords` is marked @internal but the declarations still use it',
    );
  });

  it('fails when the entry exports a declaration marked internal', () => {
    const result = strip(
      ['/** @internal */', 'declare const secret = 1;', 'export { secret };', ''].join('\n'),
    );
    expect(result.status).toBe(1);
    expect(result.output).toContain('`secret`');
  });
});
