// vectors/catalog.json, which the vector generator and the Python runner read, is the
// TypeScript catalog: `npm run vectors` rewrites it from the rows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from './index.js';
import { describeCatalog } from './describe.js';

const FILE = join(import.meta.dirname, '..', '..', 'vectors', 'catalog.json');

describe('vectors/catalog.json', () => {
  const committed = JSON.parse(readFileSync(FILE, 'utf8')) as ReturnType<typeof describeCatalog>;

  it('matches the TypeScript catalog (run `npm run vectors` after changing a row)', () => {
    expect(committed).toEqual(JSON.parse(JSON.stringify(describeCatalog())));
  });

  it('has every row in catalog order, with paths, schemes, rules and samples', () => {
    expect(committed.operations.map((r) => r.id)).toEqual(OPERATIONS.map((o) => o.id));
    const sale = committed.operations.find((r) => r.id === 'sale')!;
    expect(sale.path).toBe('/api/v2/sale/{endpointId}');
    expect(sale.scheme).toBe('C-B');
    expect(sale.auth).toEqual({ kind: 'control', source: 'spec', fact: 'S-OP-SALE' });
    expect(committed.operations.find((r) => r.id === 'payment-form')!.scheme).toBeNull();
    expect(committed.operations.find((r) => r.id === 'payout-pay')!.auth).toEqual({
      kind: 'oauth',
      method: 'RSA-SHA256',
      source: 'paysig',
      fact: 'P-PAYOUT-PAY-RSA',
    });
    for (const r of committed.operations) {
      for (const rule of r.rules) expect(rule.source).toMatch(/^(spec|public-docs|client-code|paysig)$/);
    }
  });

  it('gives a method only to OAuth rows: control and unknown rows have no method key at all', () => {
    for (const row of describeCatalog().operations) {
      const keys = Object.keys(row.auth).sort();
      expect(keys).toEqual(
        row.auth.kind === 'oauth' ? ['fact', 'kind', 'method', 'source'] : ['fact', 'kind', 'source'],
      );
    }
  });
});
