// docs/verifying.md, "A test clock": its snippets run as written, as a user's .mjs files that import
// `paysig` by name (resolved by self-reference to dist/: run `npm run build` first). They verify
// every golden request vector at its own timestamp in one process (one verifier per fixture, or
// verifyOAuth with a fresh store) and check that a replay is still refused. If one fails, the
// page is wrong (or the library changed): fix whichever is wrong.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const PAGE = readFileSync(join(ROOT, 'docs/verifying.md'), 'utf8');
const SECTION = PAGE.slice(PAGE.indexOf('### A test clock\n'), PAGE.indexOf('\n## Nonce stores\n'));
const SNIPPETS = [...SECTION.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!);
const VECTORS = JSON.parse(readFileSync(join(ROOT, 'vectors/operations.json'), 'utf8')) as {
  cases: Array<{ timestamp?: number; error?: unknown }>;
};

describe('docs/verifying.md: A test clock', () => {
  it('has the section, linked from the contents, with two runnable snippets', () => {
    expect(SECTION.length).toBeGreaterThan(0);
    expect(PAGE).toContain('- [A test clock](#a-test-clock)');
    expect(SNIPPETS).toHaveLength(2);
    expect(SNIPPETS[0]).toContain('createVerifier(');
    expect(SNIPPETS[0]).toContain('now: c.timestamp');
    expect(SNIPPETS[1]).toContain('nonceStore: new MemoryNonceStore()');
    // Fixtures at several different times, so one shared clock or store would disturb them.
    const times = new Set(VECTORS.cases.filter((c) => c.error === undefined).map((c) => c.timestamp));
    expect(times.size).toBeGreaterThan(2);
  });

  it.each([0, 1])(
    'snippet %i verifies every vector at its own time, and refuses the replays',
    (i) => {
      expect(existsSync(join(ROOT, 'dist/index.js')), 'dist/ is not built: run npm run build').toBe(true);
      const dir = join(ROOT, 'test/.tmp/verifying-docs');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `test-clock-${i}.mjs`);
      writeFileSync(file, SNIPPETS[i]!);
      const r = spawnSync(process.execPath, [file], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
      expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
    },
    60_000,
  );
});
