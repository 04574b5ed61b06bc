/**
 * Cases drawn for one run from a seed, so that no adapter can pass by copying the vector files:
 * random keys, nonces, timestamps, amounts, Unicode values and parameter sets per topic
 * (`percent-encoding`, `form`, `control`, `base-string`, `oauth-sign`). Their expected answers are
 * computed by paysig itself: they are consistency cases; the fixed vectors remain the ones
 * confirmed by independent implementations. The same seed draws the same cases (`--seed`).
 *
 * @module
 */
import {
  control,
  controlInput,
  FORMULAS,
  formatForm,
  percentEncode,
  signatureBaseString,
  signOAuth,
  type ControlFields,
  type Formula,
} from '../../index.js';
import type { VectorCase } from './topics.js';

/** A small seeded generator (mulberry32): the same seed, the same cases. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const POOL = [..."abcxyzABCXYZ0189 -._~@+/=%&*!'()é€中😀"];
const FLOATS = ['1.15', '4.35', '0.29', '19.99', '8.20', '0.57', '0.07', '10.42', '123.45', '9.95'];

/** Draws the generated cases: `count` per topic of `topics` that has a generator. */
export async function generateCases(
  seed: number,
  count: number,
  topics: readonly string[],
): Promise<Map<string, VectorCase[]>> {
  const rnd = prng(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const text = (min: number, max: number) =>
    Array.from({ length: min + int(max - min + 1) }, () => pick(POOL)).join('');
  const id = () => Array.from({ length: 4 + int(8) }, () => pick([...'ABCDEF0123456789'])).join('');
  const amount = () => (rnd() < 0.5 ? pick(FLOATS) : `${int(100000)}.${String(int(100)).padStart(2, '0')}`);
  const params = (): [string, string][] =>
    Array.from({ length: 1 + int(4) }, () => [pick(['client_orderid', 'amount', 'note', 'a b', 'tag']), text(0, 8)]);
  const out = new Map<string, VectorCase[]>();
  const add = (topic: string, c: Record<string, unknown>) => {
    if (!topics.includes(topic)) return;
    const list = out.get(topic) ?? [];
    list.push({ ...c, id: `generated-${seed}-${list.length + 1}` } as VectorCase);
    out.set(topic, list);
  };
  for (let n = 0; n < count; n++) {
    const s = text(1, 12);
    add('percent-encoding', { operation: 'encode', input: s, output: percentEncode(s) });
    const pairs = params();
    add('form', { operation: 'format', pairs, body: formatForm(pairs) });

    const formula = pick(['C-A', 'C-B', 'C-C', 'C-D', 'C-E', 'C-S'] as Formula[]);
    const fields: Record<string, string> = {};
    for (const t of FORMULAS[formula].terms)
      fields[t.field] =
        t.field === 'amount'
          ? amount()
          : t.field === 'currency'
            ? 'EUR'
            : t.field === 'endpointId'
              ? String(1 + int(99999))
              : id();
    const key = `${id()}-${id()}`;
    const concatenation = controlInput(formula, fields as ControlFields) + key;
    add('control', {
      formula,
      fields,
      controlKey: key,
      concatenation,
      control: await control(formula, fields as ControlFields, key),
    });

    const url = `https://sandbox.example.com/api/v2/payout/${1 + int(99999)}`;
    const bsParams = params();
    add('base-string', {
      method: 'POST',
      url,
      params: bsParams,
      baseString: signatureBaseString({ method: 'POST', url, params: bsParams }),
    });

    const request = {
      method: 'POST',
      url,
      params: params(),
      consumerKey: pick(['merchantlogin', 'merchant login', 'shop@example.com', `m${id()}`]),
      signatureMethod: 'HMAC-SHA1' as const,
      consumerSecret: `${id()}-${id()}`,
      nonce: id(),
      timestamp: 1_600_000_000 + int(200_000_000),
    };
    const signed = await signOAuth(request);
    add('oauth-sign', {
      ...request,
      baseString: signed.baseString,
      signature: signed.signature,
      authorization: signed.authorization,
    });
  }
  return out;
}
