// No module-level mutable state in src/: what two verifiers (or two calls) share is what they were
// both given. A module may hold constants and tables built once from constant data; it may not
// hold a `let`/`var`, a typed-array scratch buffer, or a collection that is written after load
// (a cache of constant data is the one exception, listed below with why it is one).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');

/** Collections written after load, each a cache whose every entry is a pure function of constant data. */
const CONSTANT_DATA_CACHES: Record<string, string> = {
  'catalog/rules.ts SIGNIFICANT':
    'the field names each catalog operation reads under a scheme: computed from the frozen catalog rows and the formula table, so a hit and a miss give the same answer',
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** The top-level statements' first lines: lines that start at column 0 outside comments. */
function topLevelLines(text: string): string[] {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .split('\n')
    .filter((l) => /^[A-Za-z]/.test(l));
}

interface Finding {
  file: string;
  line: string;
}

function findings(): Finding[] {
  const out: Finding[] = [];
  for (const path of sources(SRC)) {
    const file = relative(SRC, path);
    const text = readFileSync(path, 'utf8');
    for (const line of topLevelLines(text)) {
      if (/^(export\s+)?(let|var)\s/.test(line)) out.push({ file, line });
      const typed =
        /^(export\s+)?const\s+(\w+)\s*(:[^=]+)?=\s*(\/\*\s*@__PURE__\s*\*\/\s*)?new\s+(Uint8|Uint16|Uint32|Int32|Float64)Array\((.*)\)/.exec(
          line,
        );
      if (typed && typed[6]!.trim() !== '0') out.push({ file, line });
      const coll =
        /^(export\s+)?const\s+(\w+)\s*(:[^=]+)?=\s*(\/\*\s*@__PURE__\s*\*\/\s*)?new\s+(Map|Set|WeakMap|WeakSet)\b/.exec(
          line,
        );
      if (coll) {
        const name = coll[2]!;
        const written = new RegExp(`\\b${name}\\s*\\.\\s*(set|add|delete|clear)\\s*\\(`).test(text);
        if (written && CONSTANT_DATA_CACHES[`${file} ${name}`] === undefined) out.push({ file, line });
      }
    }
  }
  return out;
}

describe('no module-level mutable state in src/', () => {
  it('no top-level let/var, scratch buffer, or collection written after load', () => {
    expect(findings()).toEqual([]);
  });

  it('the check sees what it forbids (a planted let, scratch buffer and written Map)', () => {
    const planted = [
      'let last = 0;',
      'const scratch = new Uint8Array(1024);',
      'const seen = new Map<string, number>();',
    ];
    const text = `${planted.join('\n')}\nexport function f(k: string) { seen.set(k, 1); }\n`;
    const lines = topLevelLines(text);
    expect(lines.filter((l) => /^(let|var)\s/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /new\s+Uint8Array\((?!0\))/.test(l))).toHaveLength(1);
    expect(/\bseen\s*\.\s*set\s*\(/.test(text)).toBe(true);
  });

  it('each listed cache still exists (the list does not outlive the code)', () => {
    for (const key of Object.keys(CONSTANT_DATA_CACHES)) {
      const [file, name] = key.split(' ') as [string, string];
      expect(readFileSync(join(SRC, file), 'utf8'), key).toMatch(new RegExp(`const ${name}\\b`));
    }
  });
});
