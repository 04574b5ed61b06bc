// vectors/callbacks.json: verifyCallback of the library, in every accepted query form, and the
// sender's side (controlInput / control with CALLBACK or REDIRECT).
import { eq, need, platformSha1Hex, rejects } from './assert.mjs';

export const topic = 'callbacks';

/** The result with `params` as a plain object, for comparison. */
const plain = (r) => ({ ...r, params: { ...r.params } });

export async function check(lib, c) {
  const verifyCallback = need(lib, 'verifyCallback');
  if (c.error !== undefined) {
    await rejects(lib, c.error, () => verifyCallback(c.query, c.controlKey), 'verifyCallback');
    return rejects(lib, c.error, () => verifyCallback('?' + c.query, c.controlKey), 'verifyCallback("?" + query)');
  }
  eq(
    await platformSha1Hex(c.concatenation),
    c.control,
    "SHA-1 of the vector's concatenation (WebCrypto, checks the vector)",
  );
  eq(plain(await verifyCallback(c.query, c.controlKey)), c.result, 'verifyCallback result');
  // The same through the other accepted query forms.
  eq(plain(await verifyCallback('?' + c.query, c.controlKey)), c.result, 'verifyCallback("?" + query)');
  eq(
    plain(await verifyCallback(new URL('https://merchant.example/cb?' + c.query), c.controlKey)),
    c.result,
    'verifyCallback(URL)',
  );
  const formula = c.kind === 'redirect' ? 'REDIRECT' : 'CALLBACK';
  // the terms hashed are the result's: trimmed, and merchant_order in place of an absent client_orderid
  const fields = { status: c.result.status, orderid: c.result.orderid, client_orderid: c.result.client_orderid };
  eq(
    need(lib, 'controlInput')(formula, fields) + c.controlKey,
    c.concatenation,
    `controlInput ${formula} + controlKey`,
  );
  eq(await need(lib, 'control')(formula, fields, c.controlKey), c.control, `control ${formula}`);
  await rejects(
    lib,
    'ERR_CONTROL_MISMATCH',
    () => verifyCallback(c.query, c.controlKey + 'x'),
    'verifyCallback with another key',
  );
}
