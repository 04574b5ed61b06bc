#!/usr/bin/env node
// The npm registry reachable here does not serve every platform build of some dev tools (deno's
// darwin/windows binaries, recent workerd builds for darwin/windows). `npm install` then writes a
// package-lock.json without those optional packages, and `npm ci` refuses that lock as out of sync.
// This script adds a lock entry (version, os, cpu, optional) for every optional platform package
// of an installed dependency that the lock lacks, so `npm ci` skips them as foreign platforms.
// Run it after any `npm install` that changes package-lock.json: `npm run lock:fix`.
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;
let added = 0;

// How these tools name their platform packages: the first pattern that matches gives os or cpu.
// biome-ignore format: a list of pairs, several to a line
const PLATFORM = {
  os: [[/android/, 'android'], [/darwin/, 'darwin'], [/win32|windows/, 'win32'], [/linux/, 'linux']],
  cpu: [[/arm64|aarch64/, 'arm64'], [/x64|-64\b|x86_64/, 'x64']],
};

/** Guesses os and cpu from a platform package's name. */
function platformOf(name) {
  const pick = (table) => table.find(([re]) => re.test(name))?.[1];
  return { os: pick(PLATFORM.os), cpu: pick(PLATFORM.cpu) };
}

for (const [path, entry] of Object.entries(packages)) {
  if (!path.startsWith('node_modules/') || entry.optionalDependencies === undefined) continue;
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    const key = `node_modules/${name}`;
    if (packages[key] !== undefined) continue;
    const { os, cpu } = platformOf(name);
    if (os === undefined || cpu === undefined) {
      console.error(`lock-foreign-platforms: cannot tell the platform of ${name}; add it by hand`);
      process.exitCode = 1;
      continue;
    }
    packages[key] = { version, dev: true, optional: true, os: [os], cpu: [cpu] };
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
console.log(`lock-foreign-platforms: ${added} entr${added === 1 ? 'y' : 'ies'} added`);
