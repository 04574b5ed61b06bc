// Every catalog row is complete: a source on its scheme and on every rule, sample fields that
// cover its required fields, prose in docs.ts; and the prose stays out of what signing and
// verifying import.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../index.js';
import { OPERATION_DOCS } from '../docs.js';

const SOURCES = ['spec', 'public-docs', 'client-code', 'paysig'];

describe('every catalog row is complete', () => {
  for (const op of OPERATIONS) {
    it(op.id, () => {
      expect(SOURCES, `${op.id}: auth.source`).toContain(op.auth.source);
      expect(op.rules.length, `${op.id}: rules`).toBeGreaterThan(0);
      for (const rule of op.rules) expect(SOURCES, `${op.id}: source of the ${rule.kind} rule`).toContain(rule.source);

      const sample = op.sample;
      expect(sample, `${op.id}: sample`).toBeDefined();
      expect(Array.isArray(sample.params), `${op.id}: sample.params`).toBe(true);
      for (const pair of sample.params) {
        expect(pair).toHaveLength(2);
        expect(typeof pair[0]).toBe('string');
        expect(typeof pair[1]).toBe('string');
      }
      const given = new Map(sample.params.map(([k, v]) => [k, v.trim()]));
      for (const [field, spec] of Object.entries(op.fields)) {
        if (spec === 'required')
          expect(given.get(field), `${op.id}: sample lacks the required field ${field}`).toBeTruthy();
      }
      // an explicit scheme exactly where none is published
      expect(sample.scheme !== undefined, `${op.id}: sample.scheme`).toBe(op.auth.kind === 'unknown');

      const docs = OPERATION_DOCS[op.id];
      expect(docs, `${op.id}: prose in docs.ts`).toBeDefined();
      expect(docs.purpose.length, `${op.id}: purpose`).toBeGreaterThan(10);
      expect(typeof docs.note).toBe('string');
    });
  }

  it('docs.ts has prose for the catalog rows only', () => {
    expect(Object.keys(OPERATION_DOCS).sort()).toEqual(OPERATIONS.map((o) => o.id).sort());
  });
});

/** The relative imports of a module, resolved to .ts paths (type-only imports left out). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^;]*?from\s+)?'(\.[^']+)\.js';/gms)) {
    if (m[1] === undefined) out.push(join(dirname(file), `${m[2]!}.ts`));
  }
  return out;
}

describe('the prose is not in the signing and verifying bundles', () => {
  it('nothing sign.ts or verify.ts imports reaches docs.ts or describe.ts', () => {
    const here = import.meta.dirname;
    const seen = new Set<string>();
    const todo = [join(here, '../../request/sign.ts'), join(here, '../../request/verify.ts')];
    while (todo.length > 0) {
      const f = todo.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      todo.push(...runtimeImports(f));
    }
    expect(seen.size).toBeGreaterThan(10);
    expect(seen).toContain(join(here, '../index.ts'));
    expect(seen).not.toContain(join(here, '../docs.ts'));
    expect(seen).not.toContain(join(here, '../describe.ts'));
  });
});
