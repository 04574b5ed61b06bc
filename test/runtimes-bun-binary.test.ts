// `npm ci --ignore-scripts` leaves the `bun` package's bin as its text placeholder (its
// postinstall never ran): the Bun legs of `npm test` then run the platform package's binary,
// which npm did install, and say so; with neither, they fail saying what to run. Node only.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the test runner, without declarations
import { bunBinary } from './runtimes/legs.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const find = bunBinary as (root?: string) => { path: string | undefined; note: string };
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A checkout whose npm ran no install scripts: the placeholder in .bin, maybe the platform package. */
function scriptless(withPlatformPackage: boolean): string {
  const root = mkdtempSync(join(tmpdir(), 'paysig-bun-'));
  dirs.push(root);
  mkdirSync(join(root, 'node_modules', '.bin'), { recursive: true });
  writeFileSync(join(root, 'node_modules', '.bin', 'bun'), readFileSync(join(ROOT, 'node_modules/bun/bin/README.txt')));
  if (withPlatformPackage) {
    const arch = process.arch === 'arm64' ? 'aarch64' : process.arch;
    const bin = join(root, 'node_modules', '@oven', `bun-${process.platform}-${arch}`, 'bin');
    mkdirSync(bin, { recursive: true });
    symlinkSync(find(ROOT).path!, join(bin, 'bun'));
  }
  return root;
}

describe('the Bun binary of the runtime legs', () => {
  it('is node_modules/.bin/bun after a normal install, without a note', () => {
    expect(find(ROOT)).toEqual({ path: join(ROOT, 'node_modules', '.bin', 'bun'), note: '' });
  });

  it("is the platform package's binary when the postinstall did not run, with a note saying why", () => {
    const root = scriptless(true);
    const { path, note } = find(root);
    expect(path).toMatch(/node_modules[\\/]@oven[\\/]bun-[^\\/]+[\\/]bin[\\/]bun$/);
    expect(note).toMatch(/placeholder \(npm ran no install scripts/);
    const r = spawnSync(path!, ['--version'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('is absent, with a note naming the fix, when neither is there', () => {
    const { path, note } = find(scriptless(false));
    expect(path).toBeUndefined();
    expect(note).toContain('npm rebuild bun');
  });
});
