import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

/**
 * Files allowed to use Node APIs: the node:crypto backend, the CLI, and `serve` of paysig/node
 * (a Fetch handler on node:http; Deno and Bun serve Fetch handlers themselves). The CLI's curl and
 * raw-HTTP parsers are not: the signature debugger bundles them for the browser.
 */
const NODE_ONLY = /^src\/(crypto\/node\.ts|cli\/(?!curl\.ts$|raw-http\.ts$)|node\/serve\.ts$)/;

describe('runtime code stays on Web platform APIs', () => {
  const runtime = files(join(root, 'src'))
    .map((p) => relative(root, p))
    .filter((p) => !NODE_ONLY.test(p));

  it('finds the runtime modules', () => {
    expect(runtime.length).toBeGreaterThan(5);
  });

  it.each(runtime)('%s uses no Node API', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    expect(text).not.toMatch(/from ['"]node:|require\(|\bBuffer\b|\bprocess\.|import\(['"]node:/);
  });

  it.each(runtime.filter((p) => !p.startsWith('src/crypto/')))('%s calls no cryptography directly', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    expect(text).not.toMatch(/crypto\.subtle|getRandomValues|\bsubtle\./);
  });

  it.each(files(join(root, 'src')).map((p) => relative(root, p)))(
    '%s reaches a crypto backend only through #crypto',
    (file) => {
      const text = readFileSync(join(root, file), 'utf8');
      // A direct import would pick one backend for every runtime; `#crypto` lets conditions choose.
      expect(text).not.toMatch(/^import(?!\s+type\b)[^;]*from\s+['"][./]*(crypto\/)?(web|node)\.js['"]/m);
    },
  );

  it('package.json has no runtime dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg['dependencies']).toBeUndefined();
    expect(pkg['type']).toBe('module');
    expect(pkg['sideEffects']).toBe(false);
  });
});

/** `Error(`, `new TypeError(`, ... not preceded by a letter, digit, `_`, `$` or `.` (so `PaysigError(` is fine). */
const BARE_ERROR =
  /(?<![\w$.])(?:Error|TypeError|RangeError|SyntaxError|ReferenceError|EvalError|URIError|AggregateError)\s*\(/;

/**
 * paysig/testing fails a user's test: `assertNonceStore` throws a plain `Error` naming the broken
 * rules, as assertion libraries do, since the failure is the user's store, not a paysig call.
 */
const PLAIN_ERRORS = /^src\/testing\//;

describe('paysig/node loads no node: module when imported', () => {
  // It is exported under every condition (TypeScript's bundler resolution, Deno, Bun): only
  // serve() loads node:http, with a dynamic import when it is called.
  const statics = /^(?:import|export)(?!\s+type\b)[^;]*?\sfrom\s+['"]node:|^import\s+['"]node:/m;
  it('the pattern finds a static node: import and spares type-only and dynamic ones', () => {
    expect(statics.test("import { createServer } from 'node:http';")).toBe(true);
    expect(statics.test("import type { Server } from 'node:http';")).toBe(false);
    expect(statics.test("const { createServer } = await import('node:http');")).toBe(false);
  });
  it.each(files(join(root, 'src/node')).map((p) => relative(root, p)))('%s', (file) => {
    expect(readFileSync(join(root, file), 'utf8')).not.toMatch(statics);
  });
});

describe('every error thrown from src/ is a PaysigError', () => {
  const sources = files(join(root, 'src'))
    .map((p) => relative(root, p))
    .filter((p) => !PLAIN_ERRORS.test(p));

  it('the pattern finds bare errors and spares paysig errors', () => {
    for (const bad of [
      "throw new Error('x')",
      'throw TypeError(m)',
      'reject(new RangeError(m))',
      'x = new AggregateError([])',
    ]) {
      expect(bad).toMatch(BARE_ERROR);
    }
    for (const good of [
      "throw new KeyError('x')",
      'class E extends Error {',
      '(e as Error).message',
      'new PaysigError(c, m)',
      'isPaysigError(e)',
    ]) {
      expect(good).not.toMatch(BARE_ERROR);
    }
  });

  it.each(sources)('%s constructs no Error, TypeError, RangeError, ...', (file) => {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    const offending = lines.map((l, i) => `${i + 1}: ${l.trim()}`).filter((l) => BARE_ERROR.test(l));
    expect(offending).toEqual([]);
  });
});

/**
 * Comments that steer a tool (mutation testing, coverage, linters, the type checker) rather than
 * explain the code. Known-equivalent mutants live in stryker/equivalents.json, not in src/.
 */
const TOOL_DIRECTIVE =
  /Stryker\s+(?:disable|restore)|istanbul\s+ignore|[cv]8\s+ignore|eslint-disable|biome-ignore|prettier-ignore|@ts-ignore|@ts-nocheck/i;

describe('src/ holds no tool directives', () => {
  const sources = files(join(root, 'src')).map((p) => relative(root, p));

  it('the pattern finds each kind of directive and spares prose', () => {
    for (const bad of [
      '// Stryker disable next-line EqualityOperator: equivalent',
      '/* Stryker restore all */',
      '/* istanbul ignore next */',
      '/* c8 ignore next 3 */',
      '/* v8 ignore start */',
      '// eslint-disable-next-line no-bitwise',
      '// biome-ignore lint/style/noParameterAssign: reason',
      '// prettier-ignore',
      '// @ts-ignore',
      '// @ts-nocheck',
    ]) {
      expect(bad).toMatch(TOOL_DIRECTIVE);
    }
    for (const good of [
      '// mutation testing found this boundary',
      '// ignore the body when it is empty',
      'disable(x)',
    ]) {
      expect(good).not.toMatch(TOOL_DIRECTIVE);
    }
  });

  it.each(sources)('%s steers no tool', (file) => {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    const offending = lines.map((l, i) => `${i + 1}: ${l.trim()}`).filter((l) => TOOL_DIRECTIVE.test(l));
    expect(offending).toEqual([]);
  });
});
