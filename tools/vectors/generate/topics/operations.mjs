// Generator topic operations.json: whole requests of every catalog operation (signRequest of paysig).
// Interface: see generate.mjs.
import {
  FORMULA_TERMS,
  R,
  Refused,
  assemble,
  compute,
  controlNaive,
  endpointPathId,
  formFormat,
  headerOf,
  keyCheck,
  keyPath,
  minorUnits,
  mustEqual,
  oauthPairs,
  oauthSignNaive,
  pe,
  resultOf,
  serviceTrim,
  vectorFile,
  VECTORS,
} from '../support.mjs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CB_KEY, PAN_BODY, PAN_NORMALIZED, V4_BODY } from '../requests.mjs';

// The catalog, read from vectors/catalog.json (written from paysig's catalog rows by catalog.mjs
// just before this script runs): path after /api/, integrity scheme (null: none published, the
// caller names one), spelling of the merchant order-id field, field rules, sample fields.
const CATALOG = JSON.parse(readFileSync(join(VECTORS, 'catalog.json'), 'utf8')).operations;
const OP_TABLE = Object.fromEntries(
  CATALOG.map((r) => [
    r.id,
    {
      path: r.path.slice('/api/'.length, -'/{endpointId}'.length),
      auth: r.scheme,
      orderIdField: r.orderIdField,
      rules: r.rules,
    },
  ]),
);
const OAUTH_METHODS = ['HMAC-SHA1', 'RSA-SHA256'];

/** A whole request, the naive way: URL, checked fields, body, control or OAuth. */
function operationNaive(c) {
  const row = Object.hasOwn(OP_TABLE, c.operation) ? OP_TABLE[c.operation] : undefined;
  if (!row) throw new Refused('ERR_UNKNOWN_OPERATION');
  const scheme = c.scheme ?? row.auth;
  if (scheme === null) throw new Refused('ERR_UNSUPPORTED');
  if (!OAUTH_METHODS.includes(scheme) && !Object.hasOwn(FORMULA_TERMS, scheme)) throw new Refused('ERR_INVALID_INPUT');
  if ((c.endpointId === undefined) === (c.endpointGroupId === undefined)) throw new Refused('ERR_INVALID_INPUT');
  const group = c.endpointGroupId !== undefined;
  const id = endpointPathId(group ? c.endpointGroupId : c.endpointId);
  const m = /^(https?):\/\/([a-z0-9.-]+(?::[0-9]+)?)(\/[^?#]*)?$/.exec(c.baseUrl);
  if (!m) throw new Refused('ERR_INVALID_INPUT');
  const prefix = (m[3] ?? '').replace(/\/+$/, '');
  const url = `${m[1]}://${m[2]}${prefix}/api/${row.path}/${group ? 'group/' : ''}${id}`;

  const pairs = c.params.map(([n, v]) => [n, serviceTrim(v)]);
  if (pairs.some(([n]) => n === 'control' || n.startsWith('oauth_'))) throw new Refused('ERR_INVALID_INPUT');
  const isControl = !OAUTH_METHODS.includes(scheme);
  const termName = (t) => (t === 'client_orderid' ? row.orderIdField : t);
  // the fields rules and formulas read: each at most once; '' counts as absent
  const read = new Set(['control', 'login', 'amount', 'currency']);
  for (const r of row.rules) for (const f of r.fields ?? [r.field, r.use]) if (f) read.add(f);
  if (isControl) for (const [t] of FORMULA_TERMS[scheme]) read.add(termName(t));
  const values = new Map();
  const seen = new Set();
  for (const [n, v] of pairs) {
    if (!read.has(n)) continue;
    if (seen.has(n)) throw new Refused('ERR_INVALID_INPUT');
    seen.add(n);
    if (v !== '') values.set(n, v);
  }
  const exponent = c.exponent ?? 2;
  for (const r of row.rules) {
    if (r.kind === 'spelling' && seen.has(r.field)) throw new Refused('ERR_INVALID_INPUT');
    if (r.kind === 'forbidden' && values.has(r.field)) throw new Refused('ERR_INVALID_INPUT');
    if (r.kind === 'oneOf' && values.has(r.field) && !r.values.includes(values.get(r.field)))
      throw new Refused('ERR_INVALID_INPUT');
    if (r.kind === 'together' && r.fields.some((f) => values.has(f)) && !r.fields.every((f) => values.has(f)))
      throw new Refused('ERR_INVALID_INPUT');
    if (r.kind === 'decimal' && values.has(r.field)) minorUnits(values.get(r.field), exponent);
    if (r.kind === 'required' && !values.has(r.field)) throw new Refused('ERR_MISSING_FIELD');
  }
  if (isControl) {
    for (const [t, presence] of FORMULA_TERMS[scheme]) {
      if (presence === R && t !== 'login' && t !== 'endpointId' && !values.has(termName(t)))
        throw new Refused('ERR_MISSING_FIELD');
    }
  }
  const login = c.credentials.login;
  if (values.has('login') && values.get('login') !== login) throw new Refused('ERR_INVALID_INPUT');
  const headers = { Accept: 'application/vnd.pay+json', 'Content-Type': 'application/x-www-form-urlencoded' };
  const out = { method: 'POST', url, headers, signedWith: scheme };
  if (isControl) {
    if (c.credentials.controlKey === undefined) throw new Refused('ERR_MISSING_FIELD');
    const hasLogin = FORMULA_TERMS[scheme].some(([t]) => t === 'login');
    let body = pairs;
    if (hasLogin && !values.has('login')) body = [['login', login], ...pairs.filter(([n]) => n !== 'login')];
    const fields = {};
    for (const [t] of FORMULA_TERMS[scheme]) {
      if (t === 'login') {
        if (hasLogin) fields.login = login;
      } else if (t === 'endpointId') fields[group ? 'endpointGroupId' : 'endpointId'] = id;
      else if (values.has(termName(t))) fields[t] = values.get(termName(t));
    }
    const d = controlNaive({ formula: scheme, fields, controlKey: c.credentials.controlKey, exponent });
    out.body = formFormat([...body, ['control', d.control]]);
    out.concatenation = d.concatenation;
    out.control = d.control;
    return out;
  }
  const signed = oauthSignNaive({
    method: 'POST',
    url,
    params: pairs,
    consumerKey: login,
    signatureMethod: scheme,
    nonce: c.nonce,
    timestamp: c.timestamp,
    ...(scheme === 'HMAC-SHA1'
      ? { consumerSecret: c.credentials.controlKey }
      : { privateKeyFile: c.credentials.privateKeyFile }),
  });
  headers.Authorization = headerOf(c.realm, signed.oauthParams);
  const repeat =
    c.repeatOAuthInBody === false
      ? []
      : oauthPairs({ consumerKey: login, nonce: c.nonce, signatureMethod: scheme, timestamp: c.timestamp });
  out.body = formFormat([...pairs, ...repeat]);
  out.baseString = signed.baseString;
  out.signature = signed.signature;
  return out;
}

export async function generate() {
  const BASE = 'https://sandbox.example.com/paynet';
  const ctl = { login: 'merchantlogin', controlKey: CB_KEY };
  const rsaKeys = (file) => ({
    login: 'merchantlogin',
    privateKeyFile: file,
    publicKeyFile: 'test-only-rsa-2048-spki.pem',
  });
  const rsa1 = rsaKeys('test-only-rsa-2048-pkcs1.pem');
  const rsa8 = rsaKeys('test-only-rsa-2048-pkcs8.pem');
  const T = 1700000000;
  // o(id, description, source, operation, params, more, expectError): source is fact ids of vectors/SOURCES.md,
  // or OP for the fact of the operation's catalog row (its auth.fact); params are ordered pairs, or 'n=v&n=v'
  // where no value holds '&'. more: endpointId (default '1111') or endpointGroupId, scheme and the other inputs,
  // credentials (default: rsa8 for RSA-SHA256, else ctl), oauth: n for the nonce ops-nonce-n at T + n, or an
  // explicit nonce and timestamp.
  const OP = Symbol("the catalog row's fact");
  const factOf = (op) => CATALOG.find((r) => r.id === op)?.auth.fact;
  const pairs = (s) => s.split('&').map((f) => [f.slice(0, f.indexOf('=')), f.slice(f.indexOf('=') + 1)]);
  const o = (id, description, source, operation, params, more = {}, expectError = undefined) => {
    const { tags, baseUrl = BASE, credentials, oauth: n, ...options } = more;
    const { nonce = n === undefined ? undefined : `ops-nonce-${n}`, timestamp = T + n, ...rest } = options;
    const scheme = rest.scheme ?? (Object.hasOwn(OP_TABLE, operation) ? OP_TABLE[operation].auth : null);
    return {
      id,
      description,
      source: source === OP ? factOf(operation) : source,
      ...(tags ? { tags } : {}),
      operation,
      baseUrl,
      ...('endpointId' in rest || 'endpointGroupId' in rest ? {} : { endpointId: '1111' }),
      ...rest,
      params: typeof params === 'string' ? pairs(params) : params,
      credentials: credentials ?? (scheme === 'RSA-SHA256' ? rsa8 : ctl),
      ...(nonce === undefined ? {} : { nonce, timestamp }),
      ...(expectError ? { expectError } : {}),
    };
  };
  const sale = pairs(
    'client_orderid=902B4FF5&order_desc=Test order&amount=10.42&currency=EUR&email=john.smith@gmail.com&ipaddress=203.0.113.7',
  ).concat([['server_callback_url', 'https://merchant.example.com/callback?x=1&y=2']]);
  // biome-ignore format: a table, one case per line
  const defs = [
    // --- every catalog row, in the catalog's order ---
    o('upload-cres-result', '3DS CRes upload: C-A with client-order-id (hyphens), login added to the body', OP, 'upload-cres-result', 'client-order-id=tds-77&orderid=1000001&cres=eyJhY3NUcmFuc0lEIjoiMSJ9'),
    o('upload-method-url-result', '3DS Method result with threeDSCompInd Y: C-A with client-order-id', OP, 'upload-method-url-result', 'client-order-id=tds-78&orderid=1000002&threeDSCompInd=Y'),
    o('upload-pares-result', '3DS 1.0.2 PaRes upload: C-A with client-order-id', OP, 'upload-pares-result', 'client-order-id=tds-79&orderid=1000003&PaRes=eJzLSM3JyVcozy/KSQEAGgQEXQ=='),
    o('account-verification-form', 'account verification form: C-C (endpointId + client_orderid + email), no login in the body', OP, 'account-verification-form', 'client_orderid=av-1&email=john.smith@gmail.com&redirect_url=https://merchant.example.com/return'),
    o('account-verification', 'account verification: C-C', OP, 'account-verification', 'client_orderid=av-2&email=john.smith@gmail.com&server_callback_url=https://merchant.example.com/callback'),
    o('capture', 'partial capture: C-D with amount in minor units and currency', OP, 'capture', 'client_orderid=inv-0001&orderid=902541&amount=5.25&currency=EUR'),
    o('create-card-ref', 'card reference v2: C-A (login + client_orderid + orderid)', OP, 'create-card-ref', 'client_orderid=inv-0001&orderid=902541'),
    o('get-card-info', 'card info: CARD-INFO (login + cardrefid) from the public documentation', OP, 'get-card-info', 'cardrefid=ref-12345'),
    o('make-rebill', 'rebill: C-E (login + client_orderid + cardrefid + amount + currency)', OP, 'make-rebill', 'client_orderid=rb-1&cardrefid=ref-12345&amount=99.99&currency=USD&order_desc=Monthly plan'),
    o('payment-form-scheme-c-b', 'payment form has no published scheme: signed with the explicit scheme C-B', OP, 'payment-form', 'client_orderid=pf-1&amount=15.00&currency=EUR&email=john.smith@gmail.com', { scheme: 'C-B' }),
    o('payout-form-scheme-hmac', 'payout form has no published scheme: signed with the explicit scheme HMAC-SHA1', OP, 'payout-form', 'client_orderid=pof-1&amount=20.00&currency=EUR', { scheme: 'HMAC-SHA1', oauth: 1 }),
    o('payout', 'payout: OAuth HMAC-SHA1 with the control key; the five oauth_* repeated in the body count once', OP, 'payout', 'client_orderid=po-1&amount=10.42&currency=EUR&destination=card ref 77 + more', { oauth: 2 }),
    o('preauth-form', 'preauth form: C-B', OP, 'preauth-form', 'client_orderid=paf-1&amount=0.29&currency=EUR&email=john.smith@gmail.com'),
    o('preauth', 'preauth: C-B (0.94 is 94 minor units)', OP, 'preauth', 'client_orderid=pa-1&amount=0.94&currency=EUR&email=john.smith@gmail.com'),
    o('return', 'return without amount: C-D with empty amount and currency terms', OP, 'return', 'client_orderid=inv-0001&orderid=902541'),
    o('sale-form', 'sale form: C-B', OP, 'sale-form', 'client_orderid=sf-1&amount=19.99&currency=EUR&email=john.smith@gmail.com&redirect_url=https://merchant.example.com/return'),
    o('sale-published-example', 'sale with the published worked example: control over 1111 + 902B4FF5 + 1042 + email + key', 'S-OP-SALE; D-CB-EXAMPLE', 'sale', sale),
    o('status', 'status by orderid: C-S', OP, 'status', 'client_orderid=inv-0001&orderid=902541'),
    o('void', 'void: C-A, no amount', OP, 'void', 'client_orderid=inv-0001&orderid=902541&comment=customer cancelled'),
    o('create-card-ref-v4', 'card reference v4: OAuth RSA-SHA256 with a PKCS#1 key', OP, 'create-card-ref-v4', 'client_orderid=cr4-1&credit_card_number=4111111111111111&expire_month=12&expire_year=2030&card_printed_name=JANE DOE', { credentials: rsa1, oauth: 3 }),
    o('create-recurring-payment', 'recurring payment: OAuth RSA-SHA256 with a PKCS#8 key', OP, 'create-recurring-payment', 'period=month&interval=1&amount=9.99&currency=EUR&cardrefid=ref-12345', { oauth: 4 }),
    o('payout-check', 'two-step payout, first step: OAuth RSA-SHA256', OP, 'payout-check', 'client_orderid=pc-1&amount=100.00&currency=EUR&destination-card-no=5555555555554444', { oauth: 5 }),
    o('payout-pay', "two-step payout, second step: RSA-SHA256 (paysig's assumption: the table shows no scheme)", 'S-OP-PAYOUT-PAY; P-PAYOUT-PAY-RSA', 'payout-pay', 'client_orderid=pc-1&orderid=902542', { oauth: 6 }),
    o('pan-eligibility-send', 'the published HMAC-SHA1 example (pan-eligibility send): its parameter string is reproduced under a prefixed base URL', 'S-OP-EXAMPLES; D-PAN-EXAMPLE', 'pan-eligibility-send', PAN_BODY, { endpointId: '100', nonce: 'y3qlvMPky7g', timestamp: 1669966913 }),
    o('transfer-v4', "the v4 transfer signing example's fields: OAuth RSA-SHA256", 'S-OP-EXAMPLES; S-FIELDS-TRANSFER-V4', 'transfer-v4', V4_BODY, { credentials: rsa1, oauth: 7 }),
    o('transfer-by-ref-v4', 'v4 transfer by reference: OAuth RSA-SHA256, the login only as oauth_consumer_key', 'S-OP-EXAMPLES; S-OAUTH-USERS; D-V4-LOGIN; P-V4-CARD-REF-NAMES', 'transfer-by-ref-v4', 'client_orderid=tr-1&source-card-ref-id=ref-1&destination-card-ref-id=ref-2&amount=12.34&currency=EUR', { oauth: 8 }),
    o('payout-v4', 'v4 payout: OAuth RSA-SHA256', 'S-OP-EXAMPLES; S-OAUTH-USERS', 'payout-v4', 'client_orderid=p4-1&amount=50.00&currency=EUR', { oauth: 9 }),
    o('transfer-by-ref', 'v2 transfer between card references: TRANSFER-BY-REF control (login + client_orderid + source-card-ref-id + destination-card-ref-id + amount + currency)', 'K-TRANSFER-BY-REF; D-TRANSFER-BY-REF', 'transfer-by-ref', 'client_orderid=tbr-1&source-card-ref-id=ref-1&destination-card-ref-id=ref-2&amount=12.34&currency=EUR&ipaddress=203.0.113.7&order_desc=Rent'),
    o('transfer-by-ref-without-source', 'v2 transfer by reference without source-card-ref-id: its term is an empty string', OP, 'transfer-by-ref', 'client_orderid=tbr-2&destination-card-ref-id=ref-2&amount=0.29&currency=EUR&ipaddress=203.0.113.7'),
    o('transfer-form', 'transfer form: C-B, as sale-form', OP, 'transfer-form', 'client_orderid=tf-1&amount=12.50&currency=EUR&email=jane@example.com&redirect_url=https://merchant.example.com/return'),
    o('transfer-form-group-id', 'transfer form by endpoint group: the group id in the C-B digest', 'K-TRANSFER-FORM; D-GROUP-ID', 'transfer-form', 'client_orderid=tf-2&amount=12.50&currency=EUR&email=jane@example.com', { endpointGroupId: '2222' }),
    o('sync-account-verification', 'synchronous account verification: C-C, as account-verification', OP, 'sync-account-verification', 'client_orderid=sav-1&email=john.smith@gmail.com&card_printed_name=JOHN SMITH&credit_card_number=4444555566661111&expire_month=12&expire_year=2030&cvv2=123'),
    o('sale-v4-hosted-fields', 'v4 sale with a hosted-fields token holding + / =: OAuth RSA-SHA256, the token percent-encoded in body and base string', 'K-SALE-V4; K-V4-SIGNING', 'sale-v4', 'client_orderid=hf-1&order_desc=Order hf-1&amount=1.00&currency=EUR&hosted_fields_token=hf+tok/AbC9+x/y==&email=john.smith@gmail.com&ipaddress=203.0.113.7', { oauth: 30 }),
    o('status-v4', 'v4 status: OAuth RSA-SHA256 over login, client_orderid and orderid (the login field equals the consumer key)', OP, 'status-v4', 'login=merchantlogin&client_orderid=inv-0001&orderid=902541', { credentials: rsa1, oauth: 31 }),
    o('transfer-v4-consumer-key-needs-encoding', 'v4 transfer with a login holding a space and @: each oauth_* value is percent-encoded once, in the header, the body and the base string', 'P-TRAP; R-5849-3.6', 'transfer-v4', 'client_orderid=enc-1&amount=1.15&currency=EUR', { credentials: { login: 'merchant login@shop', privateKeyFile: 'test-only-rsa-2048-pkcs8.pem', publicKeyFile: 'test-only-rsa-2048-spki.pem' }, nonce: 'ops nonce+40/x', timestamp: 1700000040 }),
    o('create-ephemeral-ticket', 'create-ephemeral-ticket: an OAuth RSA-SHA256 POST with an empty body (header only); only the oauth_* parameters are signed', 'K-CREATE-EPHEMERAL-TICKET; K-V4-SIGNING', 'create-ephemeral-ticket', [], { repeatOAuthInBody: false, oauth: 32 }),
    // --- variants ---
    o('sale-group-id', 'sale addressed by endpoint group: /group/{id} path, the group id in the C-B digest', 'D-GROUP-ID; D-GROUP-PATHS', 'sale', sale, { endpointGroupId: '2222' }),
    o('account-verification-group-id', 'account verification by endpoint group: C-C with the group id', 'D-GROUP-ID; D-GROUP-PATHS', 'account-verification', 'client_orderid=av-3&email=john.smith@gmail.com', { endpointGroupId: '2222' }),
    o('payout-group-id', 'payout by endpoint group: the /group/ URL is what OAuth signs', 'D-GROUP-PATHS; S-BASE-STRING', 'payout', 'client_orderid=po-2&amount=1.00&currency=EUR', { endpointGroupId: '2222', oauth: 10 }),
    o('sale-trimmed-ids', 'the service trims values of characters up to U+0020 (space, tab, newline) before the digest: padded client_orderid and email', 'D-TRIM', 'sale', 'client_orderid=\t 902B4FF5\t&amount=10.42&currency=EUR&email= john.smith@gmail.com\n', { tags: ['service-behaviour'] }),
    o('sale-trimmed-amount', 'the service trims the amount and currency too: " 10.42\\n" is 1042 minor units', 'D-TRIM', 'sale', 'client_orderid=902B4FF5&amount= 10.42\n&currency=EUR &email=john.smith@gmail.com', { tags: ['service-behaviour'] }),
    o('sale-trimmed-nbsp-kept', 'trimming stops at U+0020: a no-break space (U+00A0) at either end of order_desc is kept', 'D-TRIM', 'sale', 'client_orderid=902B4FF5&amount=10.42&currency=EUR&email=john.smith@gmail.com&order_desc= gift  ', { tags: ['service-behaviour'] }),
    o('sale-reserved-characters', "body values with spaces, +, &, =, ! * ' ( ) and UTF-8 are percent-encoded (never +)", 'R-5849-3.6', 'sale', [['client_orderid', 'a+b c'], ['amount', '1.00'], ['currency', 'EUR'], ['email', 'zoë@exämple.com'], ['order_desc', "Gift (2x) & card! * 'wow' = 😀"]]),
    o('sale-exponent-0', 'a currency without minor units (exponent 0): "500" JPY is 500 in the digest', 'P-TRAP', 'sale', 'client_orderid=jp-1&amount=500&currency=JPY&email=john.smith@gmail.com', { exponent: 0 }),
    o('capture-full', 'full capture: C-D without amount and currency', 'S-STAGE-CAPTURE; D-PAIR-EMPTY', 'capture', 'client_orderid=inv-0001&orderid=902541'),
    o('status-without-orderid', 'status by client_orderid only: the orderid term is an empty string', 'S-CONTROL-STATUS', 'status', 'client_orderid=inv-0001'),
    o('status-empty-orderid', 'an empty orderid is sent as "orderid=" and counts as absent in the digest', 'S-CONTROL-STATUS; P-EMPTY-IS-MISSING', 'status', 'client_orderid=inv-0001&orderid='),
    o('void-login-in-params', 'a login given in params equal to credentials.login stays where it is (not added twice)', 'P-TRAP', 'void', 'client_orderid=inv-0001&login=merchantlogin&orderid=902541'),
    o('payout-with-realm', 'payout with a realm: first in the header, never in the base string', 'R-5849-3.5.1; S-OAUTH-HEADER', 'payout', 'client_orderid=po-3&amount=10.42&currency=EUR', { realm: 'Payout API', oauth: 11 }),
    o('payout-no-body-repeat', 'payout with repeatOAuthInBody false: the body holds only the request fields (the oauth_* parameters are in the header alone)', 'R-5849-3.5.1; S-OAUTH-BODY', 'payout', 'client_orderid=po-4&amount=10.42&currency=EUR', { repeatOAuthInBody: false, oauth: 12 }),
    o('payout-base-url-port-trailing-slash', 'a base URL with a non-default port and a trailing slash: the port is signed, the slash dropped', 'R-5849-3.4.1.2', 'payout', 'client_orderid=po-5&amount=1.00&currency=EUR', { baseUrl: 'https://sandbox.example.com:8443/paynet/', oauth: 13 }),
    // --- refused ---
    o('amount-without-currency', 'sale with amount but no currency: amount and currency go together', 'S-FIELD-CURRENCY', 'sale', 'client_orderid=x&amount=10.42&email=a@b.c', {}, 'ERR_INVALID_INPUT'),
    o('currency-without-amount-capture', 'capture with currency but no amount', 'S-FIELD-CURRENCY; D-PAIR-EMPTY', 'capture', 'client_orderid=x&orderid=1&currency=EUR', {}, 'ERR_INVALID_INPUT'),
    o('amount-on-void', 'void with an amount: no partial void', 'S-STAGE-VOID', 'void', 'client_orderid=x&orderid=1&amount=1.00&currency=EUR', {}, 'ERR_INVALID_INPUT'),
    o('three-ds-comp-ind-x', 'threeDSCompInd must be Y, N or U', 'S-FIELD-THREEDSCOMPIND', 'upload-method-url-result', 'client-order-id=tds-1&orderid=1&threeDSCompInd=X', {}, 'ERR_INVALID_INPUT'),
    o('tds-client-orderid-underscore', 'a 3DS upload spells client-order-id with hyphens: client_orderid is refused', 'S-CONTROL-TDS', 'upload-cres-result', 'client_orderid=tds-1&orderid=1', {}, 'ERR_INVALID_INPUT'),
    o('missing-email', 'sale without email: a required term of C-B is missing', 'S-FORMULAS', 'sale', 'client_orderid=x&amount=1.00&currency=EUR', {}, 'ERR_MISSING_FIELD'),
    o('missing-orderid-void', 'void without orderid', 'S-FORMULAS', 'void', 'client_orderid=x', {}, 'ERR_MISSING_FIELD'),
    o('missing-cardrefid-rebill', 'rebill without cardrefid', 'S-FORMULAS', 'make-rebill', 'client_orderid=x', {}, 'ERR_MISSING_FIELD'),
    o('missing-destination-card-ref', 'v2 transfer by reference without destination-card-ref-id', OP, 'transfer-by-ref', 'client_orderid=x&amount=1.00&currency=EUR&ipaddress=203.0.113.7', {}, 'ERR_MISSING_FIELD'),
    o('missing-ipaddress-transfer-by-ref', 'v2 transfer by reference without ipaddress (required by the client code)', OP, 'transfer-by-ref', 'client_orderid=x&destination-card-ref-id=ref-2&amount=1.00&currency=EUR', {}, 'ERR_MISSING_FIELD'),
    o('rebill-without-amount', 'make-rebill without amount and currency: a rebill charges money (paysig requires both)', 'P-REBILL-AMOUNT', 'make-rebill', 'client_orderid=rb-2&cardrefid=ref-12345', {}, 'ERR_MISSING_FIELD'),
    o('empty-orderid-void', 'void with an explicit empty orderid: a required term may not be empty', 'S-FORMULAS; P-EMPTY-IS-MISSING', 'void', 'client_orderid=x&orderid=', {}, 'ERR_MISSING_FIELD'),
    o('empty-currency-with-amount', 'capture with an amount and an empty currency', 'S-FIELD-CURRENCY; P-EMPTY-IS-MISSING', 'capture', 'client_orderid=x&orderid=1&amount=1.00&currency=', {}, 'ERR_INVALID_INPUT'),
    o('empty-required-field', 'an empty required field counts as missing', 'D-TRIM; P-EMPTY-IS-MISSING', 'sale', 'client_orderid=x&amount=1.00&currency=EUR&email=  ', {}, 'ERR_MISSING_FIELD'),
    o('bad-amount', 'an amount with more fraction digits than the currency has', 'D-AMOUNT-MINOR', 'sale', 'client_orderid=x&amount=10.425&currency=EUR&email=a@b.c', {}, 'ERR_INVALID_AMOUNT'),
    o('bad-amount-oauth', 'the amount rule also holds on OAuth operations', 'P-TRAP', 'payout', 'client_orderid=x&amount=1e3&currency=EUR', { oauth: 20 }, 'ERR_INVALID_AMOUNT'),
    o('duplicate-amount', 'a field a rule or formula reads appears twice', 'P-TRAP', 'sale', 'client_orderid=x&amount=1.00&amount=2.00&currency=EUR&email=a@b.c', {}, 'ERR_INVALID_INPUT'),
    o('endpoint-id-not-digits', 'an endpointId that is not a decimal integer', 'S-ENDPOINT-INT64', 'sale', sale, { endpointId: '12a' }, 'ERR_INVALID_INPUT'),
    o('endpoint-id-beyond-int64', 'an endpointId beyond int64', 'S-ENDPOINT-INT64', 'status', 'client_orderid=x', { endpointId: '9223372036854775808' }, 'ERR_INVALID_INPUT'),
    o('endpoint-and-group', 'endpointId and endpointGroupId together', 'P-TRAP', 'sale', sale, { endpointId: '1111', endpointGroupId: '2222' }, 'ERR_INVALID_INPUT'),
    o('unknown-operation', 'an operation the catalog does not have', 'P-TRAP', 'refund', 'client_orderid=x', {}, 'ERR_UNKNOWN_OPERATION'),
    o('unknown-scheme-not-given', 'payment form without an explicit scheme: none is published', OP, 'payment-form', 'client_orderid=x&amount=1.00&currency=EUR&email=a@b.c', {}, 'ERR_UNSUPPORTED'),
    o('control-in-params', 'control is computed by the signer and must not be passed', 'P-TRAP', 'status', 'client_orderid=x&control=0000000000000000000000000000000000000000', {}, 'ERR_INVALID_INPUT'),
    o('oauth-in-params', 'oauth_* parameters are set by the signer and must not be passed', 'P-TRAP', 'payout', 'client_orderid=x&oauth_nonce=mine', { oauth: 21 }, 'ERR_INVALID_INPUT'),
    o('login-differs', 'a login in params that differs from credentials.login', 'P-TRAP', 'void', 'client_orderid=x&orderid=1&login=someoneelse', {}, 'ERR_INVALID_INPUT'),
    o('base-url-with-query', 'a base URL with a query', 'P-TRAP', 'sale', sale, { baseUrl: 'https://sandbox.example.com/paynet?x=1' }, 'ERR_INVALID_INPUT'),
    o('missing-control-key', 'a control operation without credentials.controlKey', 'P-TRAP', 'status', 'client_orderid=x', { credentials: { login: 'merchantlogin' } }, 'ERR_MISSING_FIELD'),
  ];
  // a catalog row without a case above gets one: its catalog sample, with the credentials its scheme needs
  let extra = 0;
  for (const r of CATALOG) {
    if (defs.some((d) => d.operation === r.id && !d.expectError)) continue;
    const scheme = r.sample.scheme ?? r.scheme;
    const id = defs.some((d) => d.id === r.id) ? `${r.id}-sample` : r.id;
    const more = {
      ...(r.sample.scheme ? { scheme: r.sample.scheme } : {}),
      ...(OAUTH_METHODS.includes(scheme) ? { oauth: 100 + extra++ } : {}),
    };
    defs.push(o(id, `${r.id}: the catalog sample, signed with ${scheme}`, r.auth.fact, r.id, r.sample.params, more));
  }
  const toInput = (d) => {
    const { id, description, source, expectError, tags, ...inputs } = d;
    return inputs;
  };
  const results = compute(defs, {
    task: () => 'operation',
    fns: { operation: operationNaive },
    js: toInput,
    py: (d) => ({
      ...toInput(d),
      row: Object.hasOwn(OP_TABLE, d.operation) ? OP_TABLE[d.operation] : null,
      ...(d.credentials.privateKeyFile ? { privateKeyPath: keyPath(d.credentials.privateKeyFile) } : {}),
    }),
  });
  const at = (id) => resultOf(defs, results, id);
  mustEqual(
    'published C-B concatenation through sale',
    at('sale-published-example').concatenation,
    '1111902B4FF51042john.smith@gmail.comB17F59B4-A7DC-41B4-8FF9-37D986B43D20',
  );
  mustEqual(
    'published parameter string through pan-eligibility-send',
    at('pan-eligibility-send').baseString.split('&')[2],
    pe(PAN_NORMALIZED),
  );
  mustEqual(
    'PKCS#1 and PKCS#8 keys are one key',
    keyCheck(rsa1.privateKeyFile) ?? 'ok',
    keyCheck(rsa8.privateKeyFile) ?? 'ok',
  );
  return vectorFile(
    'operations',
    'Whole requests for every operation of the catalog (signRequest of paysig): inputs are the operation id, baseUrl (with its path prefix), endpointId or endpointGroupId (decimal strings), params (ordered pairs, before trimming), credentials (login, controlKey, or privateKeyFile with the publicKeyFile that verifies it), and for OAuth operations a fixed nonce and timestamp; optional scheme (required where none is published), exponent, realm, repeatOAuthInBody (default true). Expected: method, url, headers (exact), body (exact form string), signedWith (the scheme used), and for control operations the concatenation hashed and the control digest, for OAuth operations the base string and signature. Values are trimmed of characters up to U+0020 at both ends; formulas with a login term put login first in the body; control is the last body field; OAuth bodies repeat the five oauth_* parameters other than the signature after the request fields.',
    assemble(defs, results, (ok) => ({
      method: ok.method,
      url: ok.url,
      headers: ok.headers,
      body: ok.body,
      signedWith: ok.signedWith,
      concatenation: ok.concatenation,
      control: ok.control,
      baseString: ok.baseString,
      signature: ok.signature,
    })),
  );
}
