import { readFileSync } from 'node:fs';

/**
 * The version of the installed `feecast` package (`feecast --version`): read from its
 * `package.json`, one level above this module (in `src/` on sources, in `dist/` when built).
 *
 * @example
 * feecastVersion() // '0.1.0'
 */
export function feecastVersion(): string {
  const manifest: unknown = JSON.parse(
    readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
  );
  const version =
    typeof manifest === 'object' && manifest !== null && 'version' in manifest
      ? manifest.version
      : undefined;
  return typeof version === 'string' ? version : 'unknown';
}
