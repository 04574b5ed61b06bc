// Every source label says where it comes from: the catalog's rules and schemes and every vector
// case cite fact ids of vectors/SOURCES.md, each label agrees with its fact's kind, and every
// specification fact paraphrases a line that exists in the specification (when it is at hand).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../src/catalog/index.js';

const ROOT = join(import.meta.dirname, '..');
const VECTORS = join(ROOT, 'vectors');
const SPEC = join(ROOT, '..', 'shared', 'spec', 'service-api.md');

/** id -> the "where" cell, from every table row of SOURCES.md whose first cell is a fact id. */
function facts(): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of readFileSync(join(VECTORS, 'SOURCES.md'), 'utf8').matchAll(
    /^\| ([SDKRP]-[A-Z0-9.-]+) \| ([^|]+) \|/gm,
  )) {
    expect(out.has(m[1]!), `${m[1]} is listed twice`).toBe(false);
    out.set(m[1]!, m[2]!.trim());
  }
  return out;
}

const FACTS = facts();
const PREFIX: Record<string, string> = { spec: 'S-', 'public-docs': 'D-', 'client-code': 'K-', paysig: 'P-' };

describe('vectors/SOURCES.md', () => {
  it('lists facts of every kind', () => {
    for (const p of ['S-', 'D-', 'K-', 'R-', 'P-'])
      expect(
        [...FACTS.keys()].some((id) => id.startsWith(p)),
        p,
      ).toBe(true);
  });

  it('every catalog scheme and rule cites a fact of its own kind', () => {
    for (const op of OPERATIONS) {
      for (const [what, source, fact] of [
        ['auth', op.auth.source, op.auth.fact],
        ...op.rules.map((r) => [`${r.kind} rule`, r.source, r.fact] as const),
      ] as const) {
        expect(FACTS.has(fact), `${op.id} ${what}: ${fact} is not in SOURCES.md`).toBe(true);
        expect(fact.startsWith(PREFIX[source]!), `${op.id} ${what}: labelled ${source} but cites ${fact}`).toBe(true);
      }
    }
  });

  it('every vector case cites fact ids of SOURCES.md, and every file has format 2', () => {
    const files = readdirSync(VECTORS).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(8);
    for (const file of files) {
      const doc = JSON.parse(readFileSync(join(VECTORS, file), 'utf8')) as {
        format: number;
        cases?: Array<{ id: string; source: string }>;
        operations?: Array<{ id: string; auth: { fact: string }; rules: Array<{ fact: string }> }>;
      };
      expect(doc.format, `${file}: format`).toBe(2);
      for (const c of doc.cases ?? []) {
        for (const id of c.source.split('; '))
          expect(FACTS.has(id), `${file} ${c.id}: ${id} is not in SOURCES.md`).toBe(true);
      }
      for (const r of doc.operations ?? []) {
        for (const id of [r.auth.fact, ...r.rules.map((x) => x.fact)])
          expect(FACTS.has(id), `${file} ${r.id}: ${id}`).toBe(true);
      }
    }
  });

  it('every specification fact names a line of the specification that holds its anchor', (ctx) => {
    const spec = [...FACTS].filter(([id]) => id.startsWith('S-'));
    expect(spec.length).toBeGreaterThan(20);
    const cited = spec.map(([id, where]) => {
      const m = /^line (\d+): `(.+)`$/.exec(where);
      expect(m, `${id}: "where" must be "line N: \`anchor\`", got ${where}`).not.toBeNull();
      return [id, Number(m![1]), m![2]!] as const;
    });
    if (!existsSync(SPEC)) {
      console.log(`note: ${SPEC} is absent; the specification line check is skipped`);
      ctx.skip();
      return;
    }
    const lines = readFileSync(SPEC, 'utf8').split('\n');
    for (const [id, line, anchor] of cited) {
      expect(line, `${id}: line ${line} is beyond the specification's ${lines.length} lines`).toBeLessThanOrEqual(
        lines.length,
      );
      expect(lines[line - 1], `${id}: line ${line} does not hold ${anchor}`).toContain(anchor);
    }
  });
});
