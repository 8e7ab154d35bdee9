// The built `feecast serve` as a child process, for the suites that drive it over HTTP as a
// user would: started with the given arguments and environment, stopped with SIGTERM.
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The root of the repository. */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A running `feecast serve`. */
export interface Served {
  /** `http://127.0.0.1:<port>/api/v1`, as it prints it. */
  readonly base: string;
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** Everything it printed so far. */
  readonly output: () => string;
  /** Stops it (SIGTERM) and resolves with its exit code. */
  readonly stop: () => Promise<number | null>;
  /** Kills it at once (SIGKILL, as a crash) and resolves once it has gone. */
  readonly crash: () => Promise<void>;
}

/**
 * Runs `node <args>` (e.g. `['packages/feecast/bin/feecast.js', 'serve', '--port', '0']`)
 * from the repository root with `env` added to the environment, and resolves once it prints
 * the address it listens on (rejects if it exits first or says nothing for 20 s).
 */
export function startServe(
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<Served> {
  const child: ChildProcess = spawn(process.execPath, [...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`feecast serve printed no address in 20 s:\n${output}`));
    }, 20_000);
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const base = /listening on (http:\/\/\S+\/api\/v1)/.exec(output)?.[1];
      if (base === undefined) return;
      clearTimeout(timer);
      child.stdout?.off('data', onOutput);
      child.stdout?.on('data', (more: Buffer) => {
        output += more.toString('utf8');
      });
      resolve({
        base,
        origin: new URL(base).origin,
        output: () => output,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
        crash: async () => {
          child.kill('SIGKILL');
          await exited;
        },
      });
    };
    child.stdout?.on('data', onOutput);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`feecast serve exited with ${code}:\n${output}`));
    });
  });
}

/**
 * `feecast serve --data-dir <dataDir>` on the clock of the example state's tests, with `key`,
 * and `more` arguments and environment after those.
 */
export function serveDataDir(
  dataDir: string,
  key: string,
  more: readonly string[] = [],
  env: Readonly<Record<string, string>> = {},
): Promise<Served> {
  return startServe(
    [
      'packages/feecast/bin/feecast.js',
      'serve',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--now',
      '2025-03-20T12:00:00Z',
      ...more,
    ],
    { FEECAST_API_KEYS: key, ...env },
  );
}

/**
 * Posts a cpu event of 1.5 seconds for the example subscription, as `transactionId`: the
 * answer's status, or 0 when the connection failed (a server killed meanwhile).
 */
export function postCpuEvent(base: string, key: string, transactionId: string): Promise<number> {
  return fetch(`${base}/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      event: {
        transaction_id: transactionId,
        code: 'cpu',
        external_subscription_id: 'sub_1234567890',
        properties: { cpu_seconds: '1.5' },
      },
    }),
  }).then(
    (response) => response.status,
    () => 0,
  );
}
