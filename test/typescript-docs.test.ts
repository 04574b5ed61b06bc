// docs/typescript.md, compiled: each ```ts snippet under the configurations its
// `<!-- compiled: ... -->` comment names (esm or cjs, with moduleResolution bundler, node16 or
// nodenext), and the failures its table states (TS1479, TS1541, TS5095), against the package's
// declarations built fresh into a consumer's node_modules (as test/consumer-types.test.ts does).
// Node project only (vitest.config.ts).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const PAGE = readFileSync(join(ROOT, 'docs/typescript.md'), 'utf8');
const ENTRIES = ['paysig', 'paysig/hmac', 'paysig/node', 'paysig/redis', 'paysig/testing'];

type Format = 'esm' | 'cjs';
type Resolution = 'bundler' | 'node16' | 'nodenext';
const MODULE: Record<Resolution, string> = { bundler: 'ESNext', node16: 'Node16', nodenext: 'NodeNext' };

/** The snippets of the page with the configurations they are said to compile under. */
const SNIPPETS = [...PAGE.matchAll(/<!-- compiled: ([^>]*?) -->\n```ts\n([\s\S]*?)```/g)].map((m, i) => ({
  name: `snippet${i + 1}`,
  targets: m[1]!.split(/\s+/).map((t) => t.split(':') as [Format, Resolution]),
  code: m[2]!,
}));

let dir = '';

function config(format: Format, module: string, moduleResolution: string, files: string[]): string {
  const name = `tsconfig.${files.join('+').replace(/\W+/g, '_')}.${module}.${moduleResolution}.json`;
  writeFileSync(
    join(dir, format, name),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module,
        moduleResolution,
        lib: ['es2022'],
        types: ['node'],
        strict: true,
        skipLibCheck: true,
        noEmit: true,
      },
      files,
    }),
  );
  return join(format, name);
}

function compile(project: string): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, [TSC, '-p', join(dir, project)], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('docs/typescript.md', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'paysig-ts-docs-'));
    const pkg = join(dir, 'node_modules', 'paysig');
    mkdirSync(pkg, { recursive: true });
    copyFileSync(join(ROOT, 'package.json'), join(pkg, 'package.json'));
    const build = spawnSync(
      process.execPath,
      [TSC, '-p', join(ROOT, 'tsconfig.build.json'), '--emitDeclarationOnly', '--outDir', join(pkg, 'dist')],
      { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
    );
    if (build.status !== 0) throw new Error(`building the declarations failed:\n${build.stdout}${build.stderr}`);
    symlinkSync(join(ROOT, 'node_modules', '@types'), join(dir, 'node_modules', '@types'));
    for (const [format, type] of [
      ['esm', 'module'],
      ['cjs', 'commonjs'],
    ] as const) {
      mkdirSync(join(dir, format));
      writeFileSync(join(dir, format, 'package.json'), JSON.stringify({ private: true, type }));
      for (const s of SNIPPETS) writeFileSync(join(dir, format, `${s.name}.ts`), s.code);
    }
  }, 120_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('has two snippets, lists the five entry points, and the first imports each of them', () => {
    expect(SNIPPETS.length).toBe(2);
    for (const entry of ENTRIES) {
      expect(PAGE).toContain(`| \`${entry}\` |`);
      expect(SNIPPETS[0]!.code).toContain(`from '${entry}'`);
    }
  });

  const cells: Array<[Format, Resolution]> = [
    ['esm', 'bundler'],
    ['esm', 'node16'],
    ['esm', 'nodenext'],
    ['cjs', 'node16'],
    ['cjs', 'nodenext'],
  ];
  it.each(cells)(
    'the snippets said to compile as %s under %s compile',
    (format, resolution) => {
      const files = SNIPPETS.filter((s) => s.targets.some(([f, r]) => f === format && r === resolution)).map(
        (s) => `${s.name}.ts`,
      );
      expect(files.length).toBeGreaterThan(0);
      expect(compile(config(format, MODULE[resolution], resolution, files))).toEqual({ code: 0, out: '' });
    },
    120_000,
  );

  it('the table: a static import in CommonJS is TS1479 under node16 and compiles under nodenext', () => {
    const node16 = compile(config('cjs', 'Node16', 'node16', ['snippet1.ts']));
    expect(node16.code).not.toBe(0);
    expect(node16.out).toContain('error TS1479');
    expect(compile(config('cjs', 'NodeNext', 'nodenext', ['snippet1.ts']))).toEqual({ code: 0, out: '' });
  }, 120_000);

  it('the text: a type import without resolution-mode in CommonJS is TS1541 under node16', () => {
    writeFileSync(join(dir, 'cjs', 'bare.ts'), SNIPPETS[1]!.code.replace(" with { 'resolution-mode': 'import' }", ''));
    const r = compile(config('cjs', 'Node16', 'node16', ['bare.ts']));
    expect(r.code).not.toBe(0);
    expect(r.out).toContain('error TS1541');
  }, 120_000);

  it('the table: bundler has no CommonJS mode (TS5095); module preserve compiles the static import', () => {
    const r = compile(config('cjs', 'CommonJS', 'bundler', ['snippet1.ts']));
    expect(r.code).not.toBe(0);
    expect(r.out).toContain('error TS5095');
    expect(compile(config('cjs', 'Preserve', 'bundler', ['snippet1.ts']))).toEqual({ code: 0, out: '' });
  }, 120_000);
});
