#!/usr/bin/env node
// Summarises the CPU profiles of `node bench/e2e.mjs --prof` (bench/out/prof/*.cpuprofile): self
// time by file group and by function, as shares of the non-idle samples of each server process.
//
//   node bench/e2e-prof.mjs [mode ...] [--top N] [--dir <dir>]
//   also lists paysig's functions by inclusive time (self and callees)
//   modes: reference minimal minimal-fetch fetch node (default: minimal node)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const dirAt = args.indexOf('--dir');
const TOP = topAt >= 0 ? Number(args[topAt + 1]) : 25;
const dir = dirAt >= 0 ? args[dirAt + 1] : join(here, 'out', 'prof');
const valueAt = new Set([topAt, dirAt].filter((i) => i >= 0).map((i) => i + 1));
const modes = args.filter((a, i) => !a.startsWith('--') && !valueAt.has(i));
if (modes.length === 0) modes.push('minimal', 'node');

/** A file group: paysig's folder under dist/ or src/, bench, node internals by module, or native. */
function groupOf(url, name) {
  if (url === '') {
    if (name === '(garbage collector)') return 'gc';
    if (name === '(program)') return 'program';
    if (name === '(idle)') return 'idle';
    return `native: ${name}`;
  }
  const m = url.match(/\/(?:dist|src)\/([a-z-]+)\//);
  if (m && !url.includes('node_modules')) return `paysig ${m[1]}`;
  if (url.includes('/bench/')) return 'bench';
  const n = url.match(/^node:internal\/([a-z_]+)/);
  if (n) return `node ${n[1]}`;
  if (url.startsWith('node:')) return `node ${url.slice(5)}`;
  return url;
}

for (const mode of modes) {
  const prof = JSON.parse(readFileSync(join(dir, `${mode}.cpuprofile`), 'utf8'));
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parentOf = new Map();
  for (const n of prof.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const counts = new Map();
  for (const id of prof.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const groups = new Map();
  const fns = new Map();
  let total = 0;
  for (const [id, c] of counts) {
    const { callFrame: f } = byId.get(id);
    const group = groupOf(f.url, f.functionName);
    if (group === 'idle') continue;
    total += c;
    groups.set(group, (groups.get(group) ?? 0) + c);
    const file = f.url.replace(/^.*\/(dist|src|bench)\//, '$1/');
    const key = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + c);
  }
  // Inclusive: each function once per sample, whatever its depth in the stack.
  const inclusive = new Map();
  for (const [id, c] of counts) {
    if (byId.get(id).callFrame.functionName === '(idle)') continue;
    const seen = new Set();
    for (let at = id; at !== undefined; at = parentOf.get(at)) {
      const f = byId.get(at).callFrame;
      if (!/\/(dist|src)\//.test(f.url)) continue;
      const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(dist|src)\//, '$1/')}:${f.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + c);
    }
  }
  const pct = (c) => `${((100 * c) / total).toFixed(1).padStart(5)}%`;
  console.log(`\n## ${mode}: ${total} non-idle samples`);
  console.log('\n### by group');
  for (const [g, c] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${pct(c)} ${c} ${g}`);
  console.log('\n### by function');
  for (const [g, c] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${pct(c)} ${c} ${g}`);
  console.log("\n### paysig's functions, inclusive");
  for (const [g, c] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${pct(c)} ${c} ${g}`);
}
