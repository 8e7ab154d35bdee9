#!/usr/bin/env node
// A throwaway ClickHouse server for the tests and the benchmark: a plain process (no systemd)
// on free local ports, with its own configuration and data under a temporary folder.
//
//   eval "$(node scripts/clickhouse.mjs start)"   # exports FEECAST_CLICKHOUSE_URL and _DIR
//   node scripts/clickhouse.mjs stop "$FEECAST_CLICKHOUSE_DIR"
//
// `start` waits until `SELECT 1` answers over HTTP (60 s at most), then prints the shell lines
// that export the server's URL (`FEECAST_CLICKHOUSE_URL`) and its folder
// (`FEECAST_CLICKHOUSE_DIR`). `stop` ends the server (SIGTERM, then SIGKILL after 10 s) and
// deletes the folder; it succeeds when the server is already gone. The configuration names a
// cluster `feecast_local` of this one server, for `Distributed` tables. It runs the
// `clickhouse-server` of Debian's package (18.16) as well as current releases.
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

const STARTUP_MS = 60_000;
const STOP_MS = 10_000;

/** A free TCP port on the loopback interface. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function config(dir, httpPort, tcpPort) {
  return `<?xml version="1.0"?>
<yandex>
  <logger>
    <level>warning</level>
    <log>${dir}/server.log</log>
    <errorlog>${dir}/server.err.log</errorlog>
  </logger>
  <http_port>${httpPort}</http_port>
  <tcp_port>${tcpPort}</tcp_port>
  <listen_host>127.0.0.1</listen_host>
  <path>${dir}/data/</path>
  <tmp_path>${dir}/data/tmp/</tmp_path>
  <user_files_path>${dir}/data/user_files/</user_files_path>
  <format_schema_path>${dir}/data/format_schemas/</format_schema_path>
  <users_config>users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mark_cache_size>268435456</mark_cache_size>
  <uncompressed_cache_size>268435456</uncompressed_cache_size>
  <remote_servers>
    <feecast_local>
      <shard><replica><host>127.0.0.1</host><port>${tcpPort}</port></replica></shard>
    </feecast_local>
  </remote_servers>
</yandex>
`;
}

const USERS = `<?xml version="1.0"?>
<yandex>
  <profiles><default></default></profiles>
  <users>
    <default>
      <password></password>
      <networks><ip>127.0.0.1</ip></networks>
      <profile>default</profile>
      <quota>default</quota>
    </default>
  </users>
  <quotas><default></default></quotas>
</yandex>
`;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function answers(url) {
  try {
    const response = await fetch(`${url}/?query=SELECT%201`);
    return response.ok && (await response.text()).trim() === '1';
  } catch {
    return false;
  }
}

async function stop(dir) {
  // Only a folder this script made is ever deleted.
  if (!basename(dir).startsWith('feecast-clickhouse-') || !existsSync(join(dir, 'config.xml'))) {
    console.error(`clickhouse.mjs: ${dir} is not a folder made by clickhouse.mjs start`);
    process.exit(2);
  }
  const pidFile = join(dir, 'server.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8'));
    if (Number.isSafeInteger(pid) && pid > 0 && alive(pid)) {
      process.kill(pid, 'SIGTERM');
      const deadline = Date.now() + STOP_MS;
      while (alive(pid) && Date.now() < deadline) await sleep(100);
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

async function start() {
  const dir = mkdtempSync(join(tmpdir(), 'feecast-clickhouse-'));
  mkdirSync(join(dir, 'data'));
  const httpPort = await freePort();
  let tcpPort = await freePort();
  while (tcpPort === httpPort) tcpPort = await freePort();
  writeFileSync(join(dir, 'config.xml'), config(dir, httpPort, tcpPort));
  writeFileSync(join(dir, 'users.xml'), USERS);
  const out = openSync(join(dir, 'server.out'), 'w');
  const child = spawn('clickhouse-server', [`--config-file=${join(dir, 'config.xml')}`], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', out, out],
  });
  const failed = new Promise((resolve) => {
    child.once('error', (error) => resolve(`cannot run clickhouse-server: ${error.message}`));
    child.once('exit', (code, signal) => resolve(`clickhouse-server exited (${signal ?? code})`));
  });
  // The pid is known once spawned; an 'error' event (no such binary) leaves it undefined.
  if (child.pid !== undefined) writeFileSync(join(dir, 'server.pid'), String(child.pid));
  child.unref();
  const url = `http://127.0.0.1:${httpPort}`;
  const deadline = Date.now() + STARTUP_MS;
  let problem;
  while (problem === undefined) {
    if (await answers(url)) break;
    if (Date.now() > deadline) problem = `no answer to SELECT 1 at ${url} in ${STARTUP_MS} ms`;
    else problem = await Promise.race([failed, sleep(200).then(() => undefined)]);
  }
  if (problem !== undefined) {
    const log = ['server.out', 'server.err.log']
      .map((name) => join(dir, name))
      .filter((path) => existsSync(path))
      .map((path) => readFileSync(path, 'utf8').slice(-2000))
      .join('\n');
    await stop(dir);
    console.error(`clickhouse.mjs: ${problem}\n${log}`);
    process.exit(1);
  }
  console.log(`export FEECAST_CLICKHOUSE_URL=${url}`);
  console.log(`export FEECAST_CLICKHOUSE_DIR=${dir}`);
  console.error(`clickhouse.mjs: ClickHouse answers at ${url} (pid ${child.pid}, folder ${dir})`);
}

const [command, dir] = process.argv.slice(2);
if (command === 'start') await start();
else if (command === 'stop' && dir !== undefined && dir !== '') await stop(dir);
else {
  console.error('usage: node scripts/clickhouse.mjs start | stop <FEECAST_CLICKHOUSE_DIR>');
  process.exit(2);
}
