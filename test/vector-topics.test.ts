// The vector topics are listed in two modules that cannot share one list: the conformance kit's
// table (src/cli/conformance/topics.ts, published in dist/cli) and the vector engine's
// (vectors/engine/index.mjs, which tools/vectors/generate/ follows, and which is not published:
// package.json "files" ships vectors/*.json but not vectors/engine/). The engine runs unchanged on
// every runtime with only the library it is given, so it cannot import the kit's TypeScript
// either. This test keeps them one list: same names, same order, and the protocol's table for
// adapter authors (vectors/PROTOCOL.md) with them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KNOWN_TOPICS as KIT_TOPICS } from '../src/cli/conformance/topics.js';
import { KNOWN_TOPICS as ENGINE_TOPICS } from '../vectors/engine/index.mjs';

describe('one list of vector topics', () => {
  it('the conformance kit and the vector engine know the same topics, in the same order', () => {
    expect(KIT_TOPICS.length).toBeGreaterThan(5);
    expect([...KIT_TOPICS]).toEqual([...ENGINE_TOPICS]);
  });

  it("vectors/PROTOCOL.md's table of outputs lists them, in that order", () => {
    const text = readFileSync(new URL('../vectors/PROTOCOL.md', import.meta.url), 'utf8');
    const table = text.slice(text.indexOf('## What `output` is, per topic'));
    const rows = [...table.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]);
    expect(rows).toEqual([...ENGINE_TOPICS]);
  });
});
