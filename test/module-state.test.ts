// No module-level mutable state in src/: what two verifiers (or two calls) share is what they were
// both given. A module may hold constants and tables built once from constant data; it may not
// hold a `let`/`var`, a typed-array scratch buffer, or a collection that is written after load
// (a memo of a pure function is the one exception, each listed below with why it is one).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');

/**
 * Module-level memos, each of a pure function: the same input always gives an equal output, so a
 * hit and a miss answer alike and no call can change what another sees (they only save time). Any
 * other collection or cache at module level fails the test.
 */
const PURE_MEMOS: Record<string, string> = {
  'catalog/rules.ts SIGNIFICANT':
    'the field names each catalog operation reads under a scheme: computed from the frozen catalog rows and the formula table',
  'keys/import.ts pemCache':
    'PEM text -> the imported key (a failed import is not kept): the same PEM always imports alike',
  'keys/import.ts cryptoKeyCache': 'a CryptoKey -> its checked handle (weakly held): the same key always checks alike',
  'crypto/node.ts hmacKeys': 'an HMAC key string -> its node KeyObject: the same string always makes the same key',
  'crypto/web.ts hmacKeys':
    'an HMAC key string -> its WebCrypto CryptoKey: the same string always imports the same key',
  'request/verify.ts URL_PARTS':
    "a URL -> its WHATWG pathname and search: the parser's answer for a string never changes",
  'schemes/oauth/url.ts ORIGIN_CACHE': 'a URL origin -> its RFC 5849 normalised form: a pure function of the string',
  'schemes/oauth/url.ts BASE_CACHE': 'a URL -> its encoded base URI and query: a pure function of the string',
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** The text with its block comments blanked (line and column positions kept). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
}

/** The top-level statements' first lines: lines that start at column 0 outside comments. */
function topLevelLines(text: string): string[] {
  return withoutComments(text)
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
    const text = withoutComments(readFileSync(path, 'utf8'));
    const lines = topLevelLines(text);
    for (const [i, line] of lines.entries()) {
      // A top-level const whose initializer (up to the next top-level line) makes a cache.
      const decl = /^(export\s+)?const\s+(\w+)/.exec(line);
      if (decl) {
        const start = text.indexOf(line);
        const next = i + 1 < lines.length ? text.indexOf(lines[i + 1]!, start + line.length) : text.length;
        const init = text.slice(start, next < 0 ? text.length : next);
        if (
          /\b(boundedCache|promiseCache)\s*(<[^>]*>)?\s*\(|new\s+(WeakMap|WeakSet)\b/.test(init) &&
          !PURE_MEMOS[`${file} ${decl[2]}`]
        ) {
          out.push({ file, line });
        }
      }
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
        if (written && PURE_MEMOS[`${file} ${name}`] === undefined) out.push({ file, line });
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
    for (const key of Object.keys(PURE_MEMOS)) {
      const [file, name] = key.split(' ') as [string, string];
      expect(readFileSync(join(SRC, file), 'utf8'), key).toMatch(new RegExp(`const ${name}\\b`));
    }
  });
});
