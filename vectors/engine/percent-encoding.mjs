// vectors/percent-encoding.json: percentEncode / percentDecode of the library.
import { eq, need, rejects } from './assert.mjs';

export const topic = 'percent-encoding';

export async function check(lib, c) {
  const encode = need(lib, 'percentEncode');
  const decode = need(lib, 'percentDecode');
  if (c.operation === 'decode') {
    if (c.error !== undefined) return rejects(lib, c.error, () => decode(c.input), 'percentDecode');
    eq(decode(c.input), c.output, 'percentDecode');
    return;
  }
  if (c.error !== undefined) return rejects(lib, c.error, () => encode(c.input), 'percentEncode');
  eq(encode(c.input), c.output, 'percentEncode');
  // Every positive encode case must also decode back.
  eq(decode(c.output), c.input, 'percentDecode(percentEncode(x))');
}
