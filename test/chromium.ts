// Headless chromium for the browser suites: Debian's `chromium`, driven by its command line (no
// npm dependency). chromium missing fails a suite with how to install it; FEECAST_SKIP_BROWSER=1
// skips the suites (and says so). `.ci/run` installs chromium when it is missing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

export const SKIP = process.env.FEECAST_SKIP_BROWSER === '1';
if (SKIP) {
  console.warn(
    'The browser suites are skipped because FEECAST_SKIP_BROWSER=1: the HTML pages and the ' +
      'fetch handler are not checked in a browser. Unset it (and install chromium) to run them.',
  );
}

/** How long one chromium run may take (milliseconds); a run takes about 1.5 s. */
export const CHROMIUM_TIMEOUT = 20_000;

/** The absolute path of `chromium` on PATH, or undefined. */
function findChromium(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'chromium');
    if (dir !== '' && existsSync(candidate)) return candidate;
  }
  return undefined;
}

export function requireChromium(): string {
  const path = findChromium();
  if (path === undefined) {
    throw new Error(
      'chromium is not on PATH: the browser suites need it. Install it ' +
        '(as root: apt-get update && apt-get install -y chromium), or set ' +
        'FEECAST_SKIP_BROWSER=1 to skip this suite.',
    );
  }
  return path;
}

export interface Run {
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs headless chromium with a fresh profile on `url`; fails the test if chromium fails. */
export function chromium(executable: string, url: string, ...args: string[]): Run {
  const profile = mkdtempSync(join(tmpdir(), 'feecast-chromium-'));
  try {
    const run = spawnSync(
      executable,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--user-data-dir=${profile}`,
        '--enable-logging=stderr',
        '--v=0',
        ...args,
        url,
      ],
      { encoding: 'utf8', timeout: CHROMIUM_TIMEOUT, maxBuffer: 64 * 1024 * 1024 },
    );
    if (run.error !== undefined || run.status !== 0) {
      throw new Error(
        `chromium ${args.join(' ')} failed (status ${run.status}, ${run.error?.message ?? 'no error'}):\n${run.stderr}`,
      );
    }
    return { stdout: run.stdout, stderr: run.stderr };
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * The browser console messages in chromium's log: lines such as
 * `[..:INFO:CONSOLE:37] "message", source: file:///... (37)`. Chromium logs every console
 * level (console.error and uncaught exceptions included) as INFO, so the level cannot tell
 * errors apart; the report pages run no script of their own (their CSP is `default-src 'none'`),
 * so every console message is the browser reporting a problem and counts as an error.
 */
export function consoleMessages(log: string): string[] {
  return log.split('\n').filter((line) => /:CONSOLE[:(]\d+/.test(line));
}
