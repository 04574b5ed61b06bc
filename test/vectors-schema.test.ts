// Every vectors/*.json file must validate against the JSON Schema (draft 2020-12) its `$schema`
// names, and its case ids must be unique kebab-case.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';

const VECTORS = join(dirname(fileURLToPath(import.meta.url)), '..', 'vectors');
const SCHEMAS = join(VECTORS, 'schema');

interface VectorFile {
  $schema: string;
  cases: Array<{ id: string } & Record<string, unknown>>;
}

// catalog.json describes the operations (no cases): src/catalog/json.test.ts checks it.
const files = readdirSync(VECTORS)
  .filter((f) => f.endsWith('.json') && f !== 'catalog.json')
  .sort();

function read(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

function validatorFor(topic: string) {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
  return ajv.compile(read(join(SCHEMAS, `${topic}.schema.json`)) as object);
}

describe('vectors: JSON Schema', () => {
  it('there are vector files', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
  });

  for (const file of files) {
    const topic = file.slice(0, -'.json'.length);
    describe(file, () => {
      const doc = read(join(VECTORS, file)) as VectorFile;

      it('names its own schema, which exists', () => {
        expect(doc.$schema).toBe(`./schema/${topic}.schema.json`);
        expect(existsSync(join(SCHEMAS, `${topic}.schema.json`))).toBe(true);
      });

      it('validates against its schema', () => {
        const validate = validatorFor(topic);
        const ok = validate(doc);
        expect(validate.errors ?? [], JSON.stringify(validate.errors?.slice(0, 5), null, 2)).toEqual([]);
        expect(ok).toBe(true);
      });

      it('has unique kebab-case ids', () => {
        const ids = doc.cases.map((c) => c.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      });

      it('the schema refuses a case with an unknown property and a case without its expected output', () => {
        const validate = validatorFor(topic);
        const first = doc.cases[0]!;
        expect(validate({ ...doc, cases: [{ ...first, unexpected: true }] })).toBe(false);
        const bare: Record<string, unknown> = {
          id: first.id,
          description: first['description'],
          source: first['source'],
        };
        expect(validate({ ...doc, cases: [bare] })).toBe(false);
      });
    });
  }
});
