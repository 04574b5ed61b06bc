// vectors/base-string.json: signatureBaseString of the library.
import { percentEncode } from '../../tools/vectors/reference/percent.mjs';
import { eq, need, pairs, rejects } from './assert.mjs';

export const topic = 'base-string';

export async function check(lib, c) {
  const signatureBaseString = need(lib, 'signatureBaseString');
  const req = { method: c.method, url: c.url, params: pairs(c.params, 'params') };
  if (c.error !== undefined) return rejects(lib, c.error, () => signatureBaseString(req), 'signatureBaseString');
  const base = signatureBaseString(req);
  eq(base, c.baseString, 'signatureBaseString');
  // The third part of the base string is the percent-encoded normalised parameter string.
  const third = base.split('&')[2];
  eq(third, percentEncode(c.normalizedParameters), 'normalised parameters inside the base string');
  eq(need(lib, 'percentDecode')(third), c.normalizedParameters, 'percentDecode of the third part');
}
