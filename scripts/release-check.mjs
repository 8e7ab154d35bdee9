#!/usr/bin/env node
// The release check (issue 25): the packages as a user gets them from the registry. Each
// public package of the workspace (pnpm-workspace.yaml's list, `private` ones left out) is
// packed with `pnpm pack` (which turns `workspace:*` into versions), then the tarballs are
// installed with npm into an empty project outside the workspace, and:
// - every entry of each package's `exports` loads with `import` and with `require`, with the
//   same names both ways;
// - the installed `feecast` binary answers `--version`, `-V`, `--help`, `help <command>`,
//   `completion bash`, `demo` (the examples shipped in the package) and `serve` (one request
//   answered, then stopped by SIGTERM, exit 0);
// - publint and @arethetypeswrong/cli find no problem in each tarball.
// Run after the build (`pnpm build`); it needs only npm's registry (for the dependencies).
// Exits 1 with what failed. `--keep` leaves the temporary project in place and prints it.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.argv.includes('--keep');
const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const failures = [];
let passed = 0;

function check(name, ok, detail = '') {
  if (ok) {
    passed++;
    console.log(`ok    ${name}`);
  } else {
    failures.push(name);
    console.log(`FAIL  ${name}${detail === '' ? '' : `\n${detail.replace(/^/gm, '      ')}`}`);
  }
}

/** The folders of pnpm-workspace.yaml's `packages:` list (entries `dir` or `dir/*`). */
function workspaceFolders() {
  const text = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const folders = [];
  let inList = false;
  for (const line of text.split('\n')) {
    if (/^packages:\s*$/.test(line)) {
      inList = true;
      continue;
    }
    if (!inList) continue;
    const item = /^\s+-\s+['"]?([^'"#\s]+)['"]?/.exec(line);
    if (item === null) {
      if (/^\S/.test(line)) inList = false;
      continue;
    }
    const pattern = item[1];
    if (pattern.endsWith('/*')) {
      const parent = join(root, pattern.slice(0, -2));
      for (const entry of readdirSync(parent, { withFileTypes: true })) {
        if (entry.isDirectory()) folders.push(join(parent, entry.name));
      }
    } else {
      folders.push(join(root, pattern));
    }
  }
  return folders.filter((folder) => existsSync(join(folder, 'package.json')));
}

/** The public packages of the workspace: `{ dir, manifest }`. */
function publicPackages() {
  return workspaceFolders()
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => manifest.private !== true);
}

/** pnpm at the version of the root's `packageManager` (the one running us when there is one). */
function pnpm(args, cwd) {
  const version = String(rootManifest.packageManager).replace(/^pnpm@/, '');
  const execPath = process.env.npm_execpath ?? '';
  const [command, prefix] = /pnpm/.test(execPath)
    ? [process.execPath, [execPath]]
    : ['npx', ['--yes', `pnpm@${version}`]];
  return execFileSync(command, [...prefix, ...args], { cwd, encoding: 'utf8' });
}

function run(command, args, options = {}) {
  return spawnSync(command, args, { encoding: 'utf8', timeout: 120_000, ...options });
}

function outputOf(result) {
  return `status ${result.status}${result.error ? ` (${result.error.message})` : ''}\n${result.stdout ?? ''}${result.stderr ?? ''}`;
}

const work = mkdtempSync(join(tmpdir(), 'feecast-release-'));
try {
  const packages = publicPackages();
  if (packages.length === 0) throw new Error('no public package found in pnpm-workspace.yaml');

  // 0. What a registry page and npm show: metadata, a semver version with its changelog entry.
  const semver = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[\w.]+)?(?:\+[\w.]+)?$/;
  for (const { dir, manifest } of packages) {
    const missing = ['description', 'license', 'keywords', 'repository', 'homepage', 'bugs']
      .filter((key) => manifest[key] === undefined)
      .concat(manifest.engines?.node === undefined ? ['engines.node'] : []);
    check(
      `${manifest.name} has its metadata`,
      missing.length === 0,
      `missing: ${missing.join(', ')}`,
    );
    check(
      `${manifest.name}@${manifest.version} is a semver version`,
      semver.test(manifest.version),
    );
    const changelog = join(dir, 'CHANGELOG.md');
    check(
      `${manifest.name}'s CHANGELOG.md has an entry for ${manifest.version}`,
      existsSync(changelog) &&
        readFileSync(changelog, 'utf8').split('\n').includes(`## ${manifest.version}`),
    );
  }

  // 1. Pack each package as it would be published.
  const tarballs = join(work, 'tarballs');
  const tarballOf = new Map();
  for (const { dir, manifest } of packages) {
    const packed = pnpm(['pack', '--pack-destination', tarballs], dir).trim().split('\n').at(-1);
    tarballOf.set(manifest.name, packed);
    const files = execFileSync('tar', ['-tzf', packed], { encoding: 'utf8' }).split('\n');
    const absent = ['LICENSE', 'README.md', 'CHANGELOG.md', 'package.json'].filter(
      (file) => !files.includes(`package/${file}`),
    );
    check(
      `${manifest.name}'s tarball has its licence, readme and changelog`,
      absent.length === 0,
      `missing: ${absent.join(', ')}`,
    );
    console.log(`packed ${manifest.name}@${manifest.version}: ${packed.replace(work, '<tmp>')}`);
  }

  // 2. Install the tarballs into an empty project with npm, outside the workspace. The
  // overrides make every dependency on one of them (feecast on @feecast/engine...) that tarball.
  const project = join(work, 'project');
  const deps = Object.fromEntries([...tarballOf].map(([name, file]) => [name, `file:${file}`]));
  execFileSync('mkdir', ['-p', project]);
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'feecast-release-check', private: true, dependencies: deps, overrides: deps }, null, 2)}\n`,
  );
  const install = run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', '--no-package-lock'],
    { cwd: project, timeout: 600_000 },
  );
  check('npm install of the tarballs in an empty project', install.status === 0, outputOf(install));
  if (install.status !== 0) throw new Error('the tarballs did not install');

  // 3. Every export entry, with import and with require: the same names both ways.
  for (const { manifest } of packages) {
    const entries = Object.keys(manifest.exports ?? { '.': null }).filter(
      (entry) => !entry.endsWith('.json'),
    );
    for (const entry of entries) {
      const specifier = entry === '.' ? manifest.name : `${manifest.name}/${entry.slice(2)}`;
      const esm = run(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const m = await import(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.keys(m).filter((k) => k !== 'default').sort()));`,
        ],
        { cwd: project },
      );
      const cjs = run(
        process.execPath,
        [
          '-e',
          `const m = require(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.keys(m).sort()));`,
        ],
        { cwd: project },
      );
      const esmNames = esm.status === 0 ? JSON.parse(esm.stdout) : [];
      const cjsNames = cjs.status === 0 ? JSON.parse(cjs.stdout) : [];
      check(`import ${specifier} (${esmNames.length} exports)`, esmNames.length > 0, outputOf(esm));
      check(
        `require ${specifier} (${cjsNames.length} exports)`,
        cjsNames.length > 0,
        outputOf(cjs),
      );
      check(
        `import and require of ${specifier} give the same names`,
        JSON.stringify(esmNames) === JSON.stringify(cjsNames),
        `import only: ${esmNames.filter((n) => !cjsNames.includes(n)).join(', ')}\nrequire only: ${cjsNames.filter((n) => !esmNames.includes(n)).join(', ')}`,
      );
    }
  }

  // 4. The installed binary.
  const cli = packages.find(({ manifest }) => manifest.bin?.feecast !== undefined);
  if (cli === undefined) throw new Error('no package has the feecast binary');
  const bin = join(project, 'node_modules', '.bin', 'feecast');
  const feecast = (...args) => run(bin, args, { cwd: project });
  for (const flag of ['--version', '-V']) {
    const version = feecast(flag);
    check(
      `feecast ${flag} prints ${cli.manifest.version}`,
      version.status === 0 && version.stdout.trim() === cli.manifest.version,
      outputOf(version),
    );
  }
  const help = feecast('--help');
  check(
    'feecast --help lists the commands',
    help.status === 0 &&
      /Usage: feecast <command>/.test(help.stdout) &&
      /\bdemo\b/.test(help.stdout),
    outputOf(help),
  );
  const usageHelp = feecast('help', 'usage');
  check(
    'feecast help usage shows the usage command',
    usageHelp.status === 0 && usageHelp.stdout.startsWith('Usage: feecast usage'),
    outputOf(usageHelp),
  );
  const completion = feecast('completion', 'bash');
  check(
    'feecast completion bash prints a script',
    completion.status === 0 &&
      completion.stdout.includes('complete -o default -F _feecast feecast'),
    outputOf(completion),
  );
  // The demo prices the shipped examples: Starter 662.29 EUR against Growth 546.77 EUR
  // (examples/cli/README.md).
  const demo = feecast('demo');
  check(
    'feecast demo prices the shipped examples (662.29 and 546.77 EUR)',
    demo.status === 0 && demo.stdout.includes('662.29') && demo.stdout.includes('546.77'),
    outputOf(demo),
  );
  check('feecast serve answers a request, then stops', await serveOnce(bin, project));

  // 5. The tarballs, linted.
  const tools = join(root, 'node_modules', '.bin');
  for (const [name, file] of tarballOf) {
    const publint = run(join(tools, 'publint'), ['run', file, '--strict']);
    check(`publint ${name}`, publint.status === 0, outputOf(publint));
    const attw = run(join(tools, 'attw'), [file, '--no-emoji', '--no-color', '--format', 'table']);
    check(`attw ${name}`, attw.status === 0, outputOf(attw));
  }
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
  console.log(`FAIL  ${failures.at(-1)}`);
} finally {
  if (keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

/**
 * `feecast serve --port 0` with a known key: waits for its address, asks for the plans of the
 * bundled example state (200 with a `plans` list), then sends SIGTERM; true when it exits 0.
 */
function serveOnce(bin, cwd) {
  return new Promise((resolveServe) => {
    const child = spawn(bin, ['serve', '--port', '0', '--now', '2025-03-20T12:00:00Z'], {
      cwd,
      env: { ...process.env, FEECAST_API_KEYS: 'release_check' },
    });
    let out = '';
    let answered = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.on('data', async (chunk) => {
      out += chunk;
      const address = /listening on (http:\/\/\S+\/api\/v1)/.exec(out);
      if (address === null || answered) return;
      answered = true;
      try {
        const response = await fetch(`${address[1]}/plans`, {
          headers: { Authorization: 'Bearer release_check' },
        });
        const body = await response.json();
        answered = response.status === 200 && Array.isArray(body.plans) && body.plans.length > 0;
        if (!answered) console.log(`      GET /plans: ${response.status} ${JSON.stringify(body)}`);
      } catch (error) {
        answered = false;
        console.log(`      GET /plans failed: ${error}`);
      }
      child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!(answered && code === 0)) console.log(`      feecast serve exited ${code}:\n${out}`);
      resolveServe(answered && code === 0);
    });
  });
}

console.log(`\nrelease-check: ${passed} passed, ${failures.length} failed`);
process.exitCode = failures.length === 0 ? 0 : 1;
