#!/usr/bin/env node
// Makes sure the system tools a test run needs are there, then runs it with their paths.
//
//   node scripts/provision.mjs [--report] <tool>... [-- <command> [args...]]
//
// Tools: redis-server (not needed when REDIS_URL is set), python3 (one that can import
// oauthlib), openssl, chromium. A missing tool is installed with apt-get when running as root on
// Debian (one printed line says so); otherwise, or with PAYSIG_PROVISION=off, it stops with one
// line naming what is missing and how to install it (exit 1). The command then runs with
// PAYSIG_REDIS_SERVER, PAYSIG_PYTHON, PAYSIG_OPENSSL and CHROMIUM_PATH set to the resolved paths;
// a command word that is a tool name (`-- python3 run.py`) is replaced by the tool's path.
// --report prints the resolved paths. Only Node built-ins: it runs before `npm ci` in .ci/run.
import { spawn, spawnSync } from 'node:child_process';
import process from 'node:process';
import { plan, TOOLS } from './provision-plan.mjs';
import { findOnPath, probe } from './tools.mjs';

const argv = process.argv.slice(2);
const cut = argv.indexOf('--');
const options = cut < 0 ? argv : argv.slice(0, cut);
const command = cut < 0 ? [] : argv.slice(cut + 1);
const report = options.includes('--report');
const wanted = options.filter((a) => a !== '--report');

const context = {
  redisUrl: process.env.REDIS_URL || undefined,
  isRoot: process.getuid?.() === 0,
  hasApt: findOnPath('apt-get') !== undefined,
  off: process.env.PAYSIG_PROVISION === 'off',
};

let decision = plan(wanted, probe(wanted), context);
if (decision.install.length > 0) {
  console.log(decision.message);
  aptInstall(decision.install);
  decision = plan(wanted, probe(wanted), { ...context, off: true });
}
if (decision.missing.length > 0) {
  console.error(decision.message);
  process.exit(1);
}
if (report) {
  for (const [name, path] of Object.entries(decision.env)) console.log(`provision: ${name}=${path}`);
  if (wanted.includes('redis-server') && context.redisUrl)
    console.log('provision: REDIS_URL is set: no local redis-server');
}
if (command.length > 0) run(command, decision.env);

/** apt-get update + install, quietly; on failure, apt's own last lines and exit 1. */
function aptInstall(pkgs) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...pkgs],
  ]) {
    const r = spawnSync('apt-get', args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    if (r.status !== 0) {
      const tail = `${r.stdout}\n${r.stderr}`.trim().split('\n').slice(-5).join('\n');
      console.error(`provision: apt-get ${args[0]} failed (exit ${r.status}):\n${tail}`);
      process.exit(1);
    }
  }
}

/** Runs the command with the tools' paths in its environment; exits with its status. */
function run([cmd, ...args], toolEnv) {
  const byName = Object.fromEntries(Object.entries(TOOLS).map(([name, t]) => [name, toolEnv[t.env]]));
  const child = spawn(byName[cmd] ?? cmd, args, { stdio: 'inherit', env: { ...process.env, ...toolEnv } });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(`provision: could not start ${cmd}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
