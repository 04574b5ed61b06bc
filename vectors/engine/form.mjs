// vectors/form.json: parseForm / formatForm of the library.
import { eq, need, pairs, rejects } from './assert.mjs';

export const topic = 'form';

export async function check(lib, c) {
  const parse = need(lib, 'parseForm');
  const format = need(lib, 'formatForm');
  if (c.operation === 'parse') {
    if (c.error !== undefined) return rejects(lib, c.error, () => parse(c.body), 'parseForm');
    eq(parse(c.body), pairs(c.pairs, 'pairs'), 'parseForm');
    return;
  }
  if (c.error !== undefined) return rejects(lib, c.error, () => format(pairs(c.pairs, 'pairs')), 'formatForm');
  eq(format(pairs(c.pairs, 'pairs')), c.body, 'formatForm');
}
