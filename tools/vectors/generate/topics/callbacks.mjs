// Generator topic callbacks.json: server callbacks and final redirects as the merchant receives them
// (verifyCallback of paysig).
// Interface: see generate.mjs.
import {
  Refused,
  assemble,
  compute,
  controlNaive,
  formFormat,
  formParse,
  mustEqual,
  resultOf,
  serviceTrim,
  vectorFile,
} from '../support.mjs';
import { CB_KEY } from '../requests.mjs';

const FINAL = ['approved', 'declined', 'error', 'filtered'];

/** Verifies a callback query the naive way: strict form parsing, unique names, CALLBACK digest. */
function callbackNaive({ query, controlKey }) {
  const params = {};
  for (const [n, v] of formParse(query)) {
    if (Object.hasOwn(params, n)) throw new Refused('ERR_INVALID_INPUT');
    params[n] = v;
  }
  // the order id term: client_orderid, or merchant_order when only that is sent (hosted-fields callbacks)
  const orderName =
    !Object.hasOwn(params, 'client_orderid') && Object.hasOwn(params, 'merchant_order')
      ? 'merchant_order'
      : 'client_orderid';
  for (const n of ['status', 'orderid', orderName, 'control'])
    if (!Object.hasOwn(params, n)) throw new Refused('ERR_MISSING_FIELD');
  // each term trimmed (as the service's PHP and Ruby validators do)
  const trim = serviceTrim;
  const terms = { status: trim(params.status), orderid: trim(params.orderid), client_orderid: trim(params[orderName]) };
  if (!/^[0-9a-fA-F]{40}$/.test(params.control)) throw new Refused('ERR_INVALID_INPUT');
  const { concatenation, control } = controlNaive({ formula: 'CALLBACK', fields: terms, controlKey });
  if (control !== params.control.toLowerCase()) throw new Refused('ERR_CONTROL_MISMATCH');
  const result = {
    status: terms.status,
    final: FINAL.includes(terms.status),
    orderid: terms.orderid,
    client_orderid: terms.client_orderid,
  };
  for (const n of ['merchant_order', 'amount', 'type']) if (Object.hasOwn(params, n)) result[n] = params[n];
  result.params = params;
  return { concatenation, control, result };
}

export async function generate() {
  const docs = 'D-CALLBACK; D-CALLBACK-SHAPE';
  const rdocs = 'D-REDIRECT; D-CALLBACK-SHAPE';
  // Each spec: id, description, source (fact ids of SOURCES.md), kind, the fields sent, a mutation of
  // the query string after signing, the error expected, the key the sender signs with (default
  // CB_KEY), the terms the sender hashes (default: status, orderid, and client_orderid or else
  // merchant_order, as sent), and the key the merchant verifies with (default CB_KEY).
  const PUBLISHED_KEY = 'test-merchant-control';
  // biome-ignore format: a list of pairs, several to a line
  const hf = [
    ['status', 'approved'], ['orderid', '1234567'], ['merchant_order', 'hf-abc'],
  ];
  // biome-ignore format: a list of pairs, several to a line
  const base = [
    ['type', 'sale'], ['status', 'approved'], ['amount', '10.42'], ['merchant_order', 'inv-0001'],
    ['orderid', '902541'], ['client_orderid', 'inv-0001'],
  ];
  // biome-ignore format: a table, one case per line
  const specs = [
    ['callback-approved', 'a server callback for an approved sale: typed fields, final status', docs, 'callback', base],
    ['callback-declined', 'a declined callback (final)', docs, 'callback', [['status', 'declined'], ['orderid', '902542'], ['client_orderid', 'inv-0002'], ['type', 'sale'], ['amount', '5.00']]],
    ['callback-processing', 'a processing status is not final', docs, 'callback', [['status', 'processing'], ['orderid', '902543'], ['client_orderid', 'inv-0003'], ['type', 'preauth']]],
    ['callback-filtered', 'a filtered callback (final), without amount or type', docs, 'callback', [['status', 'filtered'], ['orderid', '902544'], ['client_orderid', 'inv-0004']]],
    ['callback-error', 'an error callback (final) with extra parameters kept in params', docs, 'callback', [['status', 'error'], ['orderid', '902545'], ['client_orderid', 'inv-0005'], ['error_message', 'Card expired'], ['error_code', '2']]],
    ['callback-plus-and-escapes', 'the query is form-decoded: + is a space, escapes are UTF-8; the digest covers decoded values', docs, 'callback', [['status', 'approved'], ['orderid', '902546'], ['client_orderid', 'inv 0006 €'], ['merchant_order', 'order #6 & more']], (q) => q.replace(/%20/g, '+')],
    ['callback-unicode-client-orderid', 'a non-ASCII client_orderid is hashed as UTF-8', 'P-TRAP', 'callback', [['status', 'approved'], ['orderid', '902547'], ['client_orderid', 'zakaz-Ж-😀']]],
    ['callback-uppercase-control', 'a control digest in uppercase hex is accepted (hex is case-insensitive)', 'P-TRAP', 'callback', [['status', 'approved'], ['orderid', '902548'], ['client_orderid', 'inv-0008']], (q) => q.replace(/control=([0-9a-f]{40})/, (_, h) => 'control=' + h.toUpperCase())],
    ['redirect-approved', 'the final browser redirect to redirect_url: REDIRECT formula (same terms as CALLBACK)', rdocs, 'redirect', [['status', 'approved'], ['orderid', '902549'], ['client_orderid', 'inv-0009'], ['merchant_order', 'inv-0009']]],
    ['redirect-declined', 'a declined redirect', rdocs, 'redirect', [['status', 'declined'], ['orderid', '902550'], ['client_orderid', 'inv-0010']]],
    ['tampered-status', 'status changed from declined to approved after signing', docs, 'callback', [['status', 'declined'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q.replace('status=declined', 'status=approved'), 'ERR_CONTROL_MISMATCH'],
    ['tampered-orderid', 'orderid changed after signing', docs, 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q.replace('orderid=902541', 'orderid=902540'), 'ERR_CONTROL_MISMATCH'],
    ['tampered-client-orderid', 'client_orderid changed after signing', docs, 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q.replace('client_orderid=inv-0001', 'client_orderid=inv-0002'), 'ERR_CONTROL_MISMATCH'],
    ['wrong-key', "signed with another merchant's control key", docs, 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], null, 'ERR_CONTROL_MISMATCH', 'not-the-merchant-key'],
    ['redirect-wrong-key', 'a redirect signed with another key', rdocs, 'redirect', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], null, 'ERR_CONTROL_MISMATCH', 'not-the-merchant-key'],
    ['missing-control', 'no control parameter', docs, 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q.replace(/&control=[0-9a-f]{40}/, ''), 'ERR_MISSING_FIELD'],
    ['missing-status', 'no status parameter', docs, 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q.replace('status=approved&', ''), 'ERR_MISSING_FIELD'],
    ['missing-orderid', 'no orderid parameter', docs, 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q.replace('&orderid=902541', ''), 'ERR_MISSING_FIELD'],
    ['missing-client-orderid', 'no client_orderid parameter', docs, 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q.replace('&client_orderid=inv-0001', ''), 'ERR_MISSING_FIELD'],
    ['duplicate-status', 'status twice (once approved, once declined): which one was signed is ambiguous', 'P-TRAP', 'callback', [['status', 'declined'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => 'status=approved&' + q, 'ERR_INVALID_INPUT'],
    ['duplicate-control', 'control twice, even with the same value', 'P-TRAP', 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q + '&' + q.slice(q.indexOf('control=')), 'ERR_INVALID_INPUT'],
    ['control-not-hex', 'a control that is not 40 hex digits', 'P-TRAP', 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q.replace(/control=[0-9a-f]{40}/, (s) => s.slice(0, -1)), 'ERR_INVALID_INPUT'],
    ['callback-merchant-order-published', "the service's published hosted-fields vector: merchant_order in place of client_orderid", 'K-CALLBACK-VECTOR; K-MERCHANT-ORDER', 'callback', hf, null, undefined, PUBLISHED_KEY, undefined, PUBLISHED_KEY],
    ['callback-merchant-order-padded', 'the published vector with padded values: each term is trimmed before hashing, the result holds the trimmed values', 'K-CALLBACK-VECTOR; K-CALLBACK-TRIM; P-CALLBACK-TRIM', 'callback', [['status', ' approved'], ['orderid', '1234567\t'], ['merchant_order', '  hf-abc ']], null, undefined, PUBLISHED_KEY, { status: 'approved', orderid: '1234567', client_orderid: 'hf-abc' }, PUBLISHED_KEY],
    ['callback-merchant-order-tampered', 'merchant_order changed after signing, when it is the hashed order id', 'K-MERCHANT-ORDER', 'callback', hf, (q) => q.replace('merchant_order=hf-abc', 'merchant_order=hf-abd'), 'ERR_CONTROL_MISMATCH', PUBLISHED_KEY, undefined, PUBLISHED_KEY],
    ['callback-both-ids-client-orderid-hashed', 'client_orderid and merchant_order both sent, with different values: the digest takes client_orderid', 'P-CALLBACK-BOTH-IDS; D-CALLBACK', 'callback', [['status', 'approved'], ['orderid', '902551'], ['client_orderid', 'inv-0011'], ['merchant_order', 'hf-xyz']]],
    ['callback-both-ids-merchant-order-signed', 'both sent, but the digest was made over merchant_order: refused (client_orderid is the term when sent)', 'P-CALLBACK-BOTH-IDS', 'callback', [['status', 'approved'], ['orderid', '902551'], ['client_orderid', 'inv-0011'], ['merchant_order', 'hf-xyz']], null, 'ERR_CONTROL_MISMATCH', undefined, { status: 'approved', orderid: '902551', client_orderid: 'hf-xyz' }],
    ['callback-padded-values', 'status, orderid and client_orderid padded with spaces, a tab and a newline: trimmed before hashing', 'K-CALLBACK-TRIM; P-CALLBACK-TRIM', 'callback', [['status', 'approved '], ['orderid', ' 902552'], ['client_orderid', '\tinv-0012\n']], null, undefined, undefined, { status: 'approved', orderid: '902552', client_orderid: 'inv-0012' }],
    ['callback-padded-signed-untrimmed', 'a digest made over the padded, untrimmed values is refused: the digest covers trimmed values', 'K-CALLBACK-TRIM; P-CALLBACK-TRIM', 'callback', [['status', 'approved '], ['orderid', '902553'], ['client_orderid', 'inv-0013']], null, 'ERR_CONTROL_MISMATCH', undefined, { status: 'approved ', orderid: '902553', client_orderid: 'inv-0013' }],
    ['callback-blank-status', 'a status of spaces only is empty after trimming: refused as missing', 'P-CALLBACK-TRIM; P-EMPTY-IS-MISSING', 'callback', [['status', 'approved'], ['orderid', '902554'], ['client_orderid', 'inv-0014']], (q) => q.replace('status=approved', 'status=%20%20'), 'ERR_MISSING_FIELD'],
    ['missing-both-order-ids', 'neither client_orderid nor merchant_order', 'D-CALLBACK; K-MERCHANT-ORDER', 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q.replace('&client_orderid=inv-0001', ''), 'ERR_MISSING_FIELD'],
    ['bad-escape', 'a malformed percent-escape in the query', 'P-TRAP', 'callback', [['status', 'approved'], ['orderid', '902541'], ['client_orderid', 'inv-0001']], (q) => q + '&merchant_order=%ZZ', 'ERR_ENCODING'],
  ];
  // 1) the digest the sender computes, by both oracles
  const signDefs = specs.map(([, , , , fields, , , signKey, signTerms]) => {
    const f = Object.fromEntries(fields);
    const terms = signTerms ?? {
      status: f.status,
      orderid: f.orderid,
      client_orderid: f.client_orderid ?? f.merchant_order,
    };
    return { formula: 'CALLBACK', fields: terms, controlKey: signKey ?? CB_KEY };
  });
  const signed = compute(signDefs, { task: () => 'control', fns: { control: controlNaive }, py: (d) => d });
  // 2) the query as sent (possibly tampered), verified by both oracles
  const defs = specs.map(([id, description, source, kind, fields, mutate, expectError, , , verifyKey], i) => {
    let query = formFormat([...fields, ['control', signed[i].ok.control]]);
    if (mutate) query = mutate(query);
    return {
      id,
      description,
      source,
      kind,
      query,
      controlKey: verifyKey ?? CB_KEY,
      ...(expectError ? { expectError } : {}),
    };
  });
  const results = compute(defs, {
    task: () => 'callback',
    fns: { callback: callbackNaive },
    py: (d) => ({ query: d.query, controlKey: d.controlKey }),
  });
  mustEqual(
    'the published hosted-fields callback vector',
    resultOf(defs, results, 'callback-merchant-order-published').control,
    '652ace404c4dfe8bba069ecee594ec23a89340e1',
  );
  return vectorFile(
    'callbacks',
    'Server callbacks (HTTP GET to server_callback_url) and final browser redirects (to redirect_url) as the merchant receives them: `query` is the raw query string (form-encoded: + is a space), `controlKey` the merchant control key. The digest is SHA-1 of status + orderid + client_orderid + control key (formulas CALLBACK and REDIRECT, the same terms), over the decoded values, each trimmed of characters up to U+0020 at both ends; a callback without client_orderid hashes merchant_order in its place (when both are sent, client_orderid); hex is compared case-insensitively. Every parameter name must appear once. Expected: `concatenation` and `control` (lowercase) and `result`, the typed fields (status, final for approved / declined / error / filtered, orderid, client_orderid: the trimmed values hashed, and merchant_order, amount, type when sent, and every parameter in `params`); or `error`.',
    assemble(defs, results, (ok) => ok),
  );
}
