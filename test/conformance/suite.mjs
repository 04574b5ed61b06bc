// paysig conformance suite: one body of checks that runs unchanged on every runtime.
//
// Plain ESM JavaScript. It uses nothing but the library it is given and what every Web-platform
// runtime has (Promise, TextEncoder, Request, URL): no Node APIs, no file system, no network.
// Each runtime has a small entry (test/runtimes/) that loads the vectors and keys its own way and
// calls runSuite().
//
//   const { passed, failed, failures } = await runSuite(lib, { vectors, keys, expectBackend, log });
//
// `lib` is the module namespace of paysig, `vectors` maps a topic name (file name of
// vectors/<topic>.json without `.json`) to its parsed JSON, `keys` maps a file name of
// vectors/keys/*.pem to its text, `expectBackend` is 'node' or 'web'.

/** Thrown by the small assertion helpers below. */
class CheckError extends Error {}

function fail(message) {
  throw new CheckError(message);
}

function show(v) {
  if (typeof v === 'string') return JSON.stringify(v.length > 300 ? v.slice(0, 300) + '…' : v);
  if (typeof v === 'bigint') return `${v}n`;
  try {
    const s = JSON.stringify(v);
    return s === undefined ? String(v) : s.length > 300 ? s.slice(0, 300) + '…' : s;
  } catch {
    return String(v);
  }
}

function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return deepEqual(ka, kb) && ka.every((k) => deepEqual(a[k], b[k]));
}

function eq(actual, expected, what) {
  if (!deepEqual(actual, expected)) fail(`${what}: expected ${show(expected)}, got ${show(actual)}`);
}

function ok(cond, what) {
  if (!cond) fail(what);
}

function describeError(e) {
  if (e && typeof e === 'object' && 'code' in e) return `${e.name ?? 'Error'} ${e.code}: ${e.message}`;
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

/** Runs `fn` (sync or async) and requires a PaysigError with `code`. */
async function rejects(lib, code, fn, what) {
  let result;
  try {
    result = await fn();
  } catch (e) {
    if (!(e instanceof lib.PaysigError)) fail(`${what}: expected PaysigError ${code}, got non-PaysigError ${describeError(e)}`);
    if (e.code !== code) fail(`${what}: expected ${code}, got ${describeError(e)}`);
    return e;
  }
  fail(`${what}: expected ${code}, but it succeeded with ${show(result)}`);
}

function need(lib, name) {
  const f = lib[name];
  if (f === undefined) fail(`the library does not export "${name}"`);
  return f;
}

/** Minimal, independent parser of an OAuth Authorization header, for checking the library's output. */
function parseAuthorization(header) {
  ok(typeof header === 'string' && header.startsWith('OAuth '), `authorization must start with "OAuth ": ${show(header)}`);
  const out = {};
  const order = [];
  const re = /\s*([A-Za-z0-9_]+)="([^"]*)"\s*(,|$)/gy;
  let rest = header.slice(6);
  re.lastIndex = 0;
  let m;
  let end = 0;
  while (end < rest.length && (m = re.exec(rest)) !== null) {
    const name = m[1];
    ok(!(name in out), `authorization repeats ${name}`);
    out[name] = decodeURIComponent(m[2]);
    order.push(name);
    end = re.lastIndex;
    if (m[3] === '') break;
  }
  ok(end === rest.length, `authorization has unparsable text at ${end}: ${show(rest.slice(end))}`);
  return { params: out, order };
}

/** RFC 3986 encoding written here, independently of the library (for building expected values). */
function rfc3986(s) {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

// ---------------------------------------------------------------------------------------------
// Vector topics: one handler per vectors/<topic>.json. A handler checks one case and throws on a
// mismatch. A topic without a handler is reported as a failure, never skipped silently.
// ---------------------------------------------------------------------------------------------

/** Picks the first of several possible property names a case may use. */
function pick(c, ...names) {
  for (const n of names) if (c[n] !== undefined) return c[n];
  return undefined;
}

function inputsOf(c) {
  return c.input !== undefined && typeof c.input === 'object' && c.input !== null ? { ...c, ...c.input } : c;
}

function expectedOf(c) {
  return c.expected !== undefined && typeof c.expected === 'object' && c.expected !== null ? { ...c, ...c.expected } : c;
}

function pairs(list, what) {
  ok(Array.isArray(list), `${what} must be an array of pairs`);
  return list.map((p) => {
    if (Array.isArray(p)) return [p[0], p[1]];
    if (p && typeof p === 'object' && 'name' in p) return [p.name, p.value];
    fail(`${what}: bad pair ${show(p)}`);
  });
}

const TOPICS = {};

TOPICS['percent-encoding'] = async (lib, c) => {
  const i = inputsOf(c);
  const x = expectedOf(c);
  const op = pick(i, 'op', 'operation', 'direction') ?? (pick(i, 'encoded') !== undefined && pick(i, 'decoded') === undefined ? 'decode' : 'encode');
  if (op === 'decode') {
    const input = pick(i, 'encoded', 'input', 'value');
    if (c.error !== undefined) return rejects(lib, c.error, () => lib.percentDecode(input), 'percentDecode');
    eq(lib.percentDecode(input), pick(x, 'decoded', 'output'), 'percentDecode');
    return;
  }
  const input = pick(i, 'decoded', 'input', 'value');
  if (c.error !== undefined) return rejects(lib, c.error, () => need(lib, 'percentEncode')(input), 'percentEncode');
  const expected = pick(x, 'encoded', 'output');
  eq(need(lib, 'percentEncode')(input), expected, 'percentEncode');
  // Every positive encode case must also decode back.
  eq(lib.percentDecode(expected), input, 'percentDecode(percentEncode(x))');
};

TOPICS['form'] = async (lib, c) => {
  const i = inputsOf(c);
  const x = expectedOf(c);
  const op = pick(i, 'op', 'operation', 'direction') ?? (i.body !== undefined && x.pairs !== undefined ? 'parse' : 'format');
  if (op === 'parse' || op === 'decode') {
    if (c.error !== undefined) return rejects(lib, c.error, () => lib.parseForm(i.body), 'parseForm');
    eq(lib.parseForm(i.body), pairs(x.pairs, 'pairs'), 'parseForm');
    return;
  }
  if (c.error !== undefined) return rejects(lib, c.error, () => lib.formatForm(pairs(i.pairs, 'pairs')), 'formatForm');
  eq(lib.formatForm(pairs(i.pairs, 'pairs')), x.body, 'formatForm');
};

TOPICS['control'] = async (lib, c) => {
  const i = inputsOf(c);
  const x = expectedOf(c);
  const fields = { ...i.fields };
  const options = i.exponent !== undefined ? { exponent: i.exponent } : undefined;
  if (c.error !== undefined) {
    return rejects(lib, c.error, () => lib.control(i.formula, fields, i.controlKey, options), 'control');
  }
  // The vectors' `concatenation` is the whole string hashed: the terms, then the control key.
  if (x.concatenation !== undefined) eq(lib.controlInput(i.formula, fields, options) + i.controlKey, x.concatenation, 'controlInput + controlKey');
  const digest = await lib.control(i.formula, fields, i.controlKey, options);
  eq(digest, x.control, 'control');
  await lib.verifyControl(i.formula, fields, i.controlKey, x.control, options);
  await lib.verifyControl(i.formula, fields, i.controlKey, x.control.toUpperCase(), options);
  const flipped = (x.control[0] === '0' ? '1' : '0') + x.control.slice(1);
  await rejects(lib, 'ERR_CONTROL_MISMATCH', () => lib.verifyControl(i.formula, fields, i.controlKey, flipped, options), 'verifyControl(flipped)');
};

TOPICS['base-string'] = async (lib, c) => {
  const i = inputsOf(c);
  const x = expectedOf(c);
  const req = { method: i.method, url: i.url, params: pairs(i.params, 'params') };
  if (c.error !== undefined) return rejects(lib, c.error, () => need(lib, 'signatureBaseString')(req), 'signatureBaseString');
  const base = need(lib, 'signatureBaseString')(req);
  eq(base, x.baseString, 'signatureBaseString');
  if (x.normalizedParameters !== undefined) {
    // The third part of the base string is the percent-encoded normalised parameter string.
    eq(base.split('&')[2], rfc3986(x.normalizedParameters), 'normalised parameters inside the base string');
  }
};

function hmacKey(consumerSecret, tokenSecret) {
  return rfc3986(consumerSecret ?? '') + '&' + rfc3986(tokenSecret ?? '');
}

TOPICS['hmac-sha1'] = async (lib, c, ctx) => {
  const i = inputsOf(c);
  const x = expectedOf(c);
  if (x.key !== undefined) eq(hmacKey(i.consumerSecret, i.tokenSecret), x.key, 'HMAC key per RFC 5849 3.4.2 (suite check of the vector)');
  // The public API computes HMAC-SHA1 only through signOAuth; drive it so that the signed base
  // string is exactly the vector's, by parsing the base string back into a request.
  const parsed = parseBaseString(i.baseString);
  if (parsed === undefined) {
    ctx.note(`hmac-sha1/${c.id}: skipped: its base string lacks an oauth_* parameter signOAuth always sends (e.g. oauth_version), so the public API cannot reproduce it`);
    return 'skip';
  }
  const oauth = Object.fromEntries(parsed.params.filter(([n]) => n.startsWith('oauth_')));
  const body = parsed.params.filter(([n]) => !n.startsWith('oauth_'));
  const r = await need(lib, 'signOAuth')({
    method: parsed.method,
    url: parsed.url,
    params: body,
    consumerKey: oauth.oauth_consumer_key,
    signatureMethod: 'HMAC-SHA1',
    consumerSecret: i.consumerSecret,
    ...(oauth.oauth_token !== undefined ? { token: oauth.oauth_token } : {}),
    tokenSecret: i.tokenSecret ?? '',
    nonce: oauth.oauth_nonce,
    timestamp: oauth.oauth_timestamp,
  });
  eq(r.baseString, i.baseString, 'signOAuth baseString');
  eq(r.signature, x.signature, 'HMAC-SHA1 signature');
};

/**
 * Splits an OAuth base string back into method, URL and decoded parameters; undefined when it does
 * not look like one that signOAuth can reproduce (it must carry exactly the oauth_* parameters
 * signOAuth sends: consumer key, nonce, signature method, timestamp, version 1.0, optional token).
 */
function parseBaseString(base) {
  const parts = base.split('&');
  if (parts.length !== 3) return undefined;
  const [method, encUrl, encParams] = parts;
  const url = decodeURIComponent(encUrl);
  const paramString = decodeURIComponent(encParams);
  const params = paramString === '' ? [] : paramString.split('&').map((kv) => {
    const eqAt = kv.indexOf('=');
    return [decodeURIComponent(kv.slice(0, eqAt)), decodeURIComponent(kv.slice(eqAt + 1))];
  });
  const names = params.filter(([n]) => n.startsWith('oauth_')).map(([n]) => n).sort().join(',');
  const want = 'oauth_consumer_key,oauth_nonce,oauth_signature_method,oauth_timestamp';
  if (names !== want + ',oauth_version' && names !== want + ',oauth_token,oauth_version') return undefined;
  if (params.some(([n, v]) => (n === 'oauth_version' && v !== '1.0') || (n === 'oauth_signature_method' && v !== 'HMAC-SHA1'))) {
    return undefined;
  }
  // Query parameters of the URL are not recoverable as such: treat all as body parameters, which
  // is equivalent for the base string as long as the URL has no query.
  if (url.includes('?')) return undefined;
  return { method, url, params };
}

function keyText(ctx, file, what) {
  const k = ctx.keys[file];
  if (k === undefined) fail(`${what}: key file ${show(file)} not given to the suite`);
  return k;
}

TOPICS['keys-negative'] = async (lib, c, ctx) => {
  // An RSA key to import for verification (public) or signing (private): accepted with its
  // modulus length, or refused with the case's code (weak exponent, size, non-DER).
  ok(c.keyType === 'public' || c.keyType === 'private', 'keyType of a keys-negative case is public or private');
  const load = need(lib, c.keyType === 'public' ? 'importPublicKey' : 'importPrivateKey');
  if (c.error !== undefined) return rejects(lib, c.error, () => load(c.pem), `import of a ${c.keyType} key`);
  try {
    await load(c.pem);
  } catch (e) {
    // A platform limit, not paysig's rule: Deno's crypto cannot import RSA public keys above
    // 4096 bits (node:crypto and WebCrypto alike), so paysig reports the backend's refusal.
    const denoLimit = typeof globalThis.Deno === 'object' && c.keyType === 'public' && c.modulusBits > 4096;
    if (denoLimit && e?.code === 'ERR_KEY_INVALID' && /refused by the \w+ crypto backend/.test(e.message)) {
      ctx.note(`keys-negative/${c.id}: skipped: Deno refuses RSA public keys above 4096 bits`);
      return 'skip';
    }
    throw e;
  }
  eq(need(lib, 'rsaKeyBits')(c.pem), c.modulusBits, 'rsaKeyBits');
};

TOPICS['rsa-sha256'] = async (lib, c, ctx) => {
  // Each case is a whole RSA-SHA256 request as signOAuth takes it (no token), with the base
  // string and signature it must produce, or a key it must refuse.
  const i = inputsOf(c);
  const x = expectedOf(c);
  ok(typeof i.method === 'string' && typeof i.url === 'string' && i.consumerKey !== undefined && i.nonce !== undefined && i.timestamp !== undefined,
    'an rsa-sha256 case gives method, url, params, consumerKey, nonce and timestamp');
  eq(i.signatureMethod, 'RSA-SHA256', 'signatureMethod of an rsa-sha256 case');
  const sign = need(lib, 'signOAuth');
  const params = pairs(i.params ?? [], 'params');
  const signReq = {
    method: i.method, url: i.url, params, consumerKey: i.consumerKey, signatureMethod: 'RSA-SHA256',
    privateKey: keyText(ctx, i.privateKeyFile, 'privateKeyFile'), nonce: i.nonce, timestamp: i.timestamp,
  };
  if (c.error !== undefined) return rejects(lib, c.error, () => sign(signReq), 'signOAuth with ' + i.privateKeyFile);
  // The oauth_* parameters the signer adds (RFC 5849 3.4.1.3.1), written here, not read from the library.
  const oauth = [
    ['oauth_consumer_key', i.consumerKey], ['oauth_nonce', i.nonce], ['oauth_signature_method', 'RSA-SHA256'],
    ['oauth_timestamp', String(i.timestamp)], ['oauth_version', '1.0'],
  ];
  const base = need(lib, 'signatureBaseString')({ method: i.method, url: i.url, params: [...params, ...oauth] });
  eq(base, x.baseString, 'signatureBaseString');
  const r = await sign(signReq);
  eq(r.baseString, x.baseString, 'signOAuth baseString');
  eq(r.signature, x.signature, 'RSA-SHA256 signature');
  eq(r.oauthParams, { ...Object.fromEntries(oauth), oauth_signature: x.signature }, 'signOAuth oauthParams');
  // Every form of one key (PKCS#1, PKCS#8) gives the same signature for the same request.
  const bits = /rsa-(\d+)/.exec(i.privateKeyFile)?.[1] ?? i.privateKeyFile;
  const memo = `${bits}\n${x.baseString}`;
  const seen = ctx.memo.get(memo);
  if (seen === undefined) ctx.memo.set(memo, { signature: r.signature, file: i.privateKeyFile });
  else eq(r.signature, seen.signature, `signature equals the one made with ${seen.file}`);
  // What was signed verifies with the vector's public key; the same header over another body does not.
  const publicKey = keyText(ctx, i.publicKeyFile, 'publicKeyFile');
  const verify = (body) => need(lib, 'verifyOAuth')(
    { method: i.method, url: i.url, params: body, authorization: r.authorization },
    { credentials: () => ({ publicKey }), now: Number(i.timestamp), nonceStore: freshStore(lib) },
  );
  await verify(params);
  await rejects(lib, 'ERR_SIGNATURE_INVALID', () => verify([...params, ['extra', '1']]), 'verifyOAuth over a changed body');
};

function signInputs(i, ctx) {
  const req = {
    method: i.method,
    url: i.url,
    params: pairs(i.params ?? [], 'params'),
    consumerKey: i.consumerKey,
    signatureMethod: i.signatureMethod,
  };
  for (const k of ['consumerSecret', 'token', 'tokenSecret', 'nonce', 'timestamp', 'realm']) {
    if (i[k] !== undefined) req[k] = i[k];
  }
  if (i.privateKeyFile !== undefined) req.privateKey = keyText(ctx, i.privateKeyFile, 'privateKeyFile');
  else if (i.privateKey !== undefined) req.privateKey = i.privateKey;
  return req;
}

TOPICS['oauth-sign'] = async (lib, c, ctx) => {
  const i = inputsOf(c);
  const x = expectedOf(c);
  const req = signInputs(i, ctx);
  if (c.error !== undefined) return rejects(lib, c.error, () => need(lib, 'signOAuth')(req), 'signOAuth');
  const r = await need(lib, 'signOAuth')(req);
  if (x.baseString !== undefined) eq(r.baseString, x.baseString, 'baseString');
  if (x.signature !== undefined) eq(r.signature, x.signature, 'signature');
  if (x.authorization !== undefined) eq(r.authorization, x.authorization, 'authorization');
  const header = parseAuthorization(r.authorization);
  if (x.authorizationParams !== undefined) eq(header.params, x.authorizationParams, 'authorization parameters');
  if (x.oauthParams !== undefined) eq(r.oauthParams, x.oauthParams, 'oauthParams');
  const { realm: _realm, ...sent } = header.params;
  eq(r.oauthParams, sent, 'oauthParams equal the header\'s oauth_* parameters');
  if (i.realm !== undefined) eq(header.order[0], 'realm', 'realm comes first in the header');
  // And what was signed verifies.
  const credentials = req.signatureMethod === 'HMAC-SHA1'
    ? { consumerSecret: req.consumerSecret }
    : { publicKey: keyText(ctx, i.publicKeyFile ?? String(i.privateKeyFile).replace(/pkcs[18]\.pem$/, 'spki.pem'), 'publicKeyFile') };
  if (req.signatureMethod === 'RSA-SHA256' || (req.tokenSecret ?? '') === '') {
    await need(lib, 'verifyOAuth')(
      { method: req.method, url: req.url, params: req.params, authorization: r.authorization },
      { credentials: (k) => (k === req.consumerKey ? credentials : undefined), now: Number(r.oauthParams.oauth_timestamp), nonceStore: freshStore(lib) },
    );
  }
};

TOPICS['oauth-verify-negative'] = async (lib, c, ctx) => {
  const i = inputsOf(c);
  const rq = i.request ?? i;
  const creds = i.credentials ?? {};
  const credentials = (k) => {
    if (!Object.hasOwn(creds, k)) return undefined;
    const found = creds[k];
    const out = {};
    if (found.consumerSecret !== undefined) out.consumerSecret = found.consumerSecret;
    if (found.publicKeyFile !== undefined) out.publicKey = keyText(ctx, found.publicKeyFile, 'publicKeyFile');
    else if (found.publicKey !== undefined) out.publicKey = found.publicKey;
    return out;
  };
  const options = { credentials, nonceStore: freshStore(lib) };
  if (i.now !== undefined) options.now = i.now;
  if (i.maxSkewSeconds !== undefined) options.maxSkewSeconds = i.maxSkewSeconds;
  const request = { method: rq.method, url: rq.url, params: pairs(rq.params ?? [], 'params'), authorization: rq.authorization };
  const verify = need(lib, 'verifyOAuth');
  if (c.error === undefined) {
    ok(c.result !== undefined, 'a case needs "error" or "result"');
    eq(await verify(request, options), c.result, 'verifyOAuth result');
    // Same request again, same store: a replay.
    await rejects(lib, 'ERR_OAUTH_NONCE_REPLAYED', () => verify(request, options), 'verifyOAuth replayed');
    return;
  }
  await rejects(lib, c.error, () => verify(request, options), 'verifyOAuth');
};

/** Control-formula fields read back from a signed form body (for checking `concatenation`). */
function controlFieldsFromBody(pairsList, where) {
  const f = {};
  const map = { 'client-order-id': 'client_orderid' };
  const known = ['login', 'client_orderid', 'orderid', 'amount', 'currency', 'email', 'cardrefid', 'status', 'source_cardrefid', 'destination_cardrefid'];
  for (const [n, v] of pairsList) {
    const name = map[n] ?? n;
    if (known.includes(name) && f[name] === undefined) f[name] = v;
  }
  if (where.endpointGroupId !== undefined) f.endpointGroupId = where.endpointGroupId;
  else if (where.endpointId !== undefined) f.endpointId = where.endpointId;
  return f;
}

TOPICS['operations'] = async (lib, c, ctx) => {
  const i = inputsOf(c);
  const x = expectedOf(c);
  const signRequest = need(lib, 'signRequest');
  const creds = { ...(i.credentials ?? {}) };
  const publicKey = creds.publicKeyFile !== undefined ? keyText(ctx, creds.publicKeyFile, 'publicKeyFile') : undefined;
  if (creds.privateKeyFile !== undefined) creds.privateKey = keyText(ctx, creds.privateKeyFile, 'privateKeyFile');
  delete creds.privateKeyFile;
  delete creds.publicKeyFile;
  const opts = { baseUrl: i.baseUrl, params: pairs(i.params ?? [], 'params'), credentials: creds };
  for (const k of ['endpointId', 'endpointGroupId', 'scheme', 'nonce', 'timestamp', 'realm', 'exponent', 'repeatOAuthInBody']) {
    if (i[k] !== undefined) opts[k] = i[k];
  }
  if (c.error !== undefined) return rejects(lib, c.error, () => signRequest(i.operation, opts), `signRequest(${i.operation})`);
  const signed = await signRequest(i.operation, opts);
  eq(signed.method, x.method, 'method');
  eq(signed.url, x.url, 'url');
  eq({ ...signed.headers }, x.headers, 'headers');
  eq(signed.body, x.body, 'body');
  if (x.signedWith !== undefined) eq(signed.scheme, x.signedWith, 'scheme used');
  if (x.control !== undefined) {
    eq(signed.control, x.control, 'control');
    if (x.concatenation !== undefined) {
      const fields = controlFieldsFromBody(lib.parseForm(x.body), i);
      const options = i.exponent !== undefined ? { exponent: i.exponent } : undefined;
      eq(lib.controlInput(signed.scheme, fields, options) + creds.controlKey, x.concatenation, 'controlInput of the body + controlKey');
    }
  }
  if (x.signature !== undefined) eq(signed.oauth?.signature, x.signature, 'oauth signature');
  if (x.baseString !== undefined) eq(signed.oauth?.baseString, x.baseString, 'oauth base string');
  // What signRequest made, verifyRequest accepts, once.
  const verifyRequest = need(lib, 'verifyRequest');
  const vopts = {
    basePath: new URL(i.baseUrl).pathname.replace(/\/+$/, ''),
    credentials: () => ({ ...(creds.controlKey !== undefined ? { controlKey: creds.controlKey } : {}), ...(publicKey !== undefined ? { publicKey } : {}) }),
    nonceStore: freshStore(lib),
  };
  if (i.timestamp !== undefined) vopts.now = Number(i.timestamp);
  if (i.scheme !== undefined) vopts.schemes = { [i.operation]: i.scheme };
  if (i.exponent !== undefined) vopts.exponent = i.exponent;
  const request = signed.toRequest();
  const v = await verifyRequest(request.clone(), vopts);
  eq(v.operation?.id, i.operation, 'verifyRequest found the operation');
  if (signed.oauth !== undefined) await rejects(lib, 'ERR_OAUTH_NONCE_REPLAYED', () => verifyRequest(request.clone(), vopts), 'verifyRequest replayed');
};

TOPICS['callbacks'] = async (lib, c) => {
  const i = inputsOf(c);
  const x = expectedOf(c);
  const verifyCallback = need(lib, 'verifyCallback');
  if (c.error !== undefined) return rejects(lib, c.error, () => verifyCallback(i.query, i.controlKey), 'verifyCallback');
  eq(await verifyCallback(i.query, i.controlKey), x.result, 'verifyCallback result');
  // The same through the other accepted query forms.
  eq(await verifyCallback('?' + i.query, i.controlKey), x.result, 'verifyCallback("?" + query)');
  eq(await verifyCallback(new URL('https://merchant.example/cb?' + i.query), i.controlKey), x.result, 'verifyCallback(URL)');
  const formula = i.kind === 'redirect' ? 'REDIRECT' : 'CALLBACK';
  const q = lib.parseForm(i.query);
  const get = (n) => q.find(([k]) => k === n)?.[1];
  const fields = { status: get('status'), orderid: get('orderid'), client_orderid: get('client_orderid') };
  if (x.concatenation !== undefined) eq(lib.controlInput(formula, fields) + i.controlKey, x.concatenation, `controlInput ${formula} + controlKey`);
  if (x.control !== undefined) eq(await lib.control(formula, fields, i.controlKey), x.control, `control ${formula}`);
};

function freshStore(lib) {
  return typeof lib.MemoryNonceStore === 'function' ? new lib.MemoryNonceStore() : undefined;
}

// ---------------------------------------------------------------------------------------------
// Checks that need no vector file: anchors with values computed outside paysig (openssl and the
// published documents), and round trips through the public API.
// ---------------------------------------------------------------------------------------------

const CONTROL_KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';

const BUILTIN = [];
function builtin(name, fn) {
  BUILTIN.push([name, fn]);
}

builtin('backend', async (lib, ctx) => {
  eq(need(lib, 'cryptoBackendName')(), ctx.expectBackend, 'cryptoBackendName()');
});

builtin('anchor/percent-encoding', async (lib) => {
  const pe = need(lib, 'percentEncode');
  eq(pe("AZaz09-._~ !*'()+%/?#[]@&=$,;:"), 'AZaz09-._~%20%21%2A%27%28%29%2B%25%2F%3F%23%5B%5D%40%26%3D%24%2C%3B%3A', 'percentEncode(ASCII)');
  eq(pe('é€😀'), '%C3%A9%E2%82%AC%F0%9F%98%80', 'percentEncode(UTF-8)');
  await rejects(lib, 'ERR_ENCODING', () => pe('a\ud800b'), 'percentEncode(lone surrogate)');
});

builtin('anchor/control-published-example', async (lib) => {
  // public-docs-facts.md prints the concatenation; the digest was computed with `openssl dgst -sha1`.
  const fields = { endpointId: 1111, client_orderid: '902B4FF5', amount: '10.42', email: 'john.smith@gmail.com' };
  eq(lib.controlInput('C-B', fields), '1111902B4FF51042john.smith@gmail.com', 'controlInput C-B');
  eq(await need(lib, 'control')('C-B', fields, CONTROL_KEY), 'c6bdd88a78834ef4b863b088827a459f039e8257', 'control C-B');
  eq(await lib.control('C-B', { ...fields, endpointId: 1111n }, CONTROL_KEY), 'c6bdd88a78834ef4b863b088827a459f039e8257', 'control C-B, bigint endpoint');
  eq(await lib.control('C-B', { ...fields, endpointId: '1111' }, CONTROL_KEY), 'c6bdd88a78834ef4b863b088827a459f039e8257', 'control C-B, string endpoint');
});

builtin('roundtrip/control', async (lib) => {
  const all = {
    login: 'merchant-ü', endpointId: '9007199254740993', client_orderid: 'co-1', orderid: '77',
    amount: '0.29', currency: 'EUR', email: 'a+b@example.com', cardrefid: 'cr-9',
  };
  for (const formula of ['C-A', 'C-B', 'C-C', 'C-D', 'C-E', 'C-S']) {
    const digest = await lib.control(formula, all, CONTROL_KEY);
    ok(/^[0-9a-f]{40}$/.test(digest), `${formula}: digest is lowercase hex: ${show(digest)}`);
    await lib.verifyControl(formula, all, CONTROL_KEY, digest);
    await rejects(lib, 'ERR_CONTROL_MISMATCH', () => lib.verifyControl(formula, all, CONTROL_KEY + 'x', digest), `${formula} with another key`);
    const concatenation = lib.controlInput(formula, all);
    ok(!concatenation.includes(CONTROL_KEY), `${formula}: controlInput must not contain the key`);
  }
  // 0.29 through a float is 28.999999999999996; the formula must see 29.
  eq(lib.controlInput('C-D', { login: 'l', client_orderid: 'c', orderid: 'o', amount: '0.29', currency: 'USD' }), 'lco29USD', 'C-D amount 0.29');
  eq(lib.controlInput('C-D', { login: 'l', client_orderid: 'c', orderid: 'o' }), 'lco', 'C-D without amount and currency');
  eq(lib.controlInput('C-S', { login: 'l', client_orderid: 'c' }), 'lc', 'C-S without orderid');
  await rejects(lib, 'ERR_MISSING_FIELD', () => lib.control('C-A', { login: 'l', client_orderid: 'c' }, CONTROL_KEY), 'C-A without orderid');
  await rejects(lib, 'ERR_INVALID_INPUT', () => lib.control('C-D', { login: 'l', client_orderid: 'c', orderid: 'o', amount: '1.00' }, CONTROL_KEY), 'amount without currency');
  await rejects(lib, 'ERR_INVALID_AMOUNT', () => lib.control('C-B', { endpointId: 1, client_orderid: 'c', amount: '1e3', email: 'e' }, CONTROL_KEY), 'amount 1e3');
  await rejects(lib, 'ERR_INVALID_INPUT', () => lib.verifyControl('C-S', { login: 'l', client_orderid: 'c' }, CONTROL_KEY, 'zz'), 'verifyControl with a non-hex digest');
});

builtin('anchor/oauth-core-1.0-A.5', async (lib) => {
  // OAuth Core 1.0 Appendix A.5; signature recomputed with `openssl dgst -sha1 -hmac`.
  const r = await need(lib, 'signOAuth')({
    method: 'GET',
    url: 'http://photos.example.net/photos?file=vacation.jpg&size=original',
    params: [],
    consumerKey: 'dpf43f3p2l4k3l03',
    signatureMethod: 'HMAC-SHA1',
    consumerSecret: 'kd94hf93k423kf44',
    token: 'nnch734d00sl2jdk',
    tokenSecret: 'pfkkdhi9sl3r4s00',
    nonce: 'kllo9940pd9333jh',
    timestamp: 1191242096,
  });
  eq(
    r.baseString,
    'GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3Dkllo9940pd9333jh%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1191242096%26oauth_token%3Dnnch734d00sl2jdk%26oauth_version%3D1.0%26size%3Doriginal',
    'base string',
  );
  eq(r.signature, 'tR3+Ty81lMeYAr/Fid0kMTYa/WM=', 'signature');
  const h = parseAuthorization(r.authorization);
  eq(h.params.oauth_signature, 'tR3+Ty81lMeYAr/Fid0kMTYa/WM=', 'decoded oauth_signature in the header');
  ok(r.authorization.includes('oauth_signature="tR3%2BTy81lMeYAr%2FFid0kMTYa%2FWM%3D"'), 'signature percent-encoded in the header');
});

builtin('anchor/published-parameter-string', async (lib) => {
  // public-docs-facts.md: the pan-eligibility send example's parameter string.
  const base = need(lib, 'signatureBaseString')({
    method: 'post',
    url: 'HTTPS://Sandbox.Example.com:443/paynet/api/v2/pan-eligibility/send/1',
    params: [
      ['sending-card-ref-id', '7654321'], ['client-order-id', '1234567890'],
      ['oauth_consumer_key', 'merchantlogin'], ['oauth_nonce', 'y3qlvMPky7g'],
      ['oauth_signature_method', 'HMAC-SHA1'], ['oauth_timestamp', '1669966913'], ['oauth_version', '1.0'],
      ['oauth_signature', 'must-not-count'],
    ],
  });
  const paramString = 'client-order-id=1234567890&oauth_consumer_key=merchantlogin&oauth_nonce=y3qlvMPky7g&oauth_signature_method=HMAC-SHA1&oauth_timestamp=1669966913&oauth_version=1.0&sending-card-ref-id=7654321';
  eq(base, 'POST&' + rfc3986('https://sandbox.example.com/paynet/api/v2/pan-eligibility/send/1') + '&' + rfc3986(paramString), 'base string');
});

const URL_BASE = 'https://sandbox.example.com/paynet/api/v2/payout/1234';
const NOW = 1_700_000_000;

async function verifyWith(lib, signed, req, credentials, extra = {}) {
  return need(lib, 'verifyOAuth')(
    { method: req.method, url: req.url, params: req.params, authorization: signed.authorization, ...extra.request },
    { credentials, now: NOW, nonceStore: extra.store ?? freshStore(lib), ...extra.options },
  );
}

builtin('roundtrip/oauth-hmac-sha1', async (lib) => {
  const sign = need(lib, 'signOAuth');
  const secret = CONTROL_KEY;
  const credentials = (k) => (k === 'merchant login' ? { consumerSecret: secret } : undefined);
  const req = {
    method: 'POST', url: URL_BASE + '?q=a+b&q=%21',
    params: [['amount', '10.42'], ['a', ''], ['c@', 'x'], ['c2', 'y'], ['emoji', '😀'], ['a', 'dup']],
  };
  const signed = await sign({ ...req, consumerKey: 'merchant login', signatureMethod: 'HMAC-SHA1', consumerSecret: secret, timestamp: NOW, nonce: 'nonce-hmac-1' });
  const h = parseAuthorization(signed.authorization);
  eq(h.params.oauth_signature, signed.signature, 'header signature = result signature');
  eq(signed.oauthParams.oauth_version, '1.0', 'oauth_version');
  eq(signed.oauthParams.oauth_signature_method, 'HMAC-SHA1', 'oauth_signature_method');
  eq(signed.oauthParams.oauth_consumer_key, 'merchant login', 'oauth_consumer_key');
  const v = await verifyWith(lib, signed, req, credentials);
  eq(v.consumerKey, 'merchant login', 'verified consumerKey');
  eq(v.signatureMethod, 'HMAC-SHA1', 'verified signatureMethod');
  eq(v.timestamp, NOW, 'verified timestamp');
  eq(v.nonce, 'nonce-hmac-1', 'verified nonce');

  // The service's rule: the five oauth_* parameters other than the signature repeated in the body.
  const repeated = Object.entries(signed.oauthParams).filter(([n]) => n !== 'oauth_signature');
  await verifyWith(lib, signed, { ...req, params: [...req.params, ...repeated] }, credentials);

  // Tampering: body value, duplicate removed, method, path, query, signature.
  const tampered = [
    ['body value', { params: [['amount', '10.43'], ...req.params.slice(1)] }],
    ['duplicate dropped', { params: req.params.slice(0, -1) }],
    ['method', { method: 'PUT' }],
    ['path', { url: URL_BASE.replace('1234', '1235') + '?q=a+b&q=%21' }],
    ['query', { url: URL_BASE + '?q=a+b' }],
  ];
  for (const [what, change] of tampered) {
    await rejects(lib, 'ERR_SIGNATURE_INVALID', () => verifyWith(lib, signed, { ...req, ...change }, credentials), `tampered ${what}`);
  }
  const sig = signed.signature;
  const otherSig = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
  const badHeader = signed.authorization.replace(rfc3986(sig), rfc3986(otherSig));
  ok(badHeader !== signed.authorization, 'the test replaced the signature');
  await rejects(lib, 'ERR_SIGNATURE_INVALID', () => verifyWith(lib, { authorization: badHeader }, req, credentials), 'tampered signature');
  await rejects(lib, 'ERR_SIGNATURE_INVALID', () => verifyWith(lib, signed, req, () => ({ consumerSecret: secret + 'x' })), 'other secret');

  // A body oauth_* value that differs from the header's.
  await rejects(lib, 'ERR_OAUTH_PARAMETER', () => verifyWith(lib, signed, { ...req, params: [...req.params, ['oauth_nonce', 'other']] }, credentials), 'body oauth_nonce differs');

  // Unknown consumer, method not allowed, stale and future timestamps.
  await rejects(lib, 'ERR_OAUTH_UNKNOWN_CONSUMER', () => verifyWith(lib, signed, req, () => undefined), 'unknown consumer');
  await rejects(lib, 'ERR_OAUTH_UNKNOWN_CONSUMER', () => verifyWith(lib, signed, req, async () => undefined), 'unknown consumer (async)');
  await rejects(lib, 'ERR_OAUTH_METHOD_NOT_ALLOWED', () => verifyWith(lib, signed, req, () => ({ publicKey: 'unused' })), 'HMAC for an RSA-only consumer');
  await rejects(lib, 'ERR_OAUTH_TIMESTAMP', () => verifyWith(lib, signed, req, credentials, { options: { now: NOW + 301 } }), 'stale timestamp');
  await rejects(lib, 'ERR_OAUTH_TIMESTAMP', () => verifyWith(lib, signed, req, credentials, { options: { now: NOW - 301 } }), 'future timestamp');
  await verifyWith(lib, signed, req, credentials, { options: { now: NOW + 300 } });
  await rejects(lib, 'ERR_OAUTH_TIMESTAMP', () => verifyWith(lib, signed, req, credentials, { options: { now: NOW + 11, maxSkewSeconds: 10 } }), 'maxSkewSeconds 10');
  await rejects(lib, 'ERR_OAUTH_HEADER_MALFORMED', () => verifyWith(lib, { authorization: 'Bearer abc' }, req, credentials), 'not an OAuth header');
});

builtin('roundtrip/oauth-replay', async (lib) => {
  const credentials = () => ({ consumerSecret: CONTROL_KEY });
  const req = { method: 'POST', url: URL_BASE, params: [['client_orderid', 'replay']] };
  const nonce = `replay-${Math.floor(Math.random() * 1e15)}`;
  const signed = await need(lib, 'signOAuth')({ ...req, consumerKey: 'm', signatureMethod: 'HMAC-SHA1', consumerSecret: CONTROL_KEY, timestamp: NOW, nonce });
  if (typeof lib.MemoryNonceStore === 'function') {
    const store = new lib.MemoryNonceStore();
    await verifyWith(lib, signed, req, credentials, { store });
    await rejects(lib, 'ERR_OAUTH_NONCE_REPLAYED', () => verifyWith(lib, signed, req, credentials, { store }), 'replay, explicit MemoryNonceStore');
    // A bad signature must not burn a nonce.
    const store2 = new lib.MemoryNonceStore();
    await rejects(lib, 'ERR_SIGNATURE_INVALID', () => verifyWith(lib, signed, { ...req, params: [['client_orderid', 'x']] }, credentials, { store: store2 }), 'tampered');
    await verifyWith(lib, signed, req, credentials, { store: store2 });
  }
  // The default store (no nonceStore option) refuses a replay too.
  const verify = need(lib, 'verifyOAuth');
  const r = { ...req, authorization: signed.authorization };
  await verify(r, { credentials, now: NOW });
  await rejects(lib, 'ERR_OAUTH_NONCE_REPLAYED', () => verify(r, { credentials, now: NOW }), 'replay, default store');
  // Random nonces differ and are unreserved characters only.
  const a = await need(lib, 'signOAuth')({ ...req, consumerKey: 'm', signatureMethod: 'HMAC-SHA1', consumerSecret: CONTROL_KEY });
  const b = await need(lib, 'signOAuth')({ ...req, consumerKey: 'm', signatureMethod: 'HMAC-SHA1', consumerSecret: CONTROL_KEY });
  ok(a.oauthParams.oauth_nonce !== b.oauthParams.oauth_nonce, 'two default nonces differ');
  ok(/^[A-Za-z0-9\-._~]{16,}$/.test(a.oauthParams.oauth_nonce), `default nonce is long and unreserved: ${show(a.oauthParams.oauth_nonce)}`);
  const ts = Number(a.oauthParams.oauth_timestamp);
  ok(Math.abs(ts - Date.now() / 1000) < 120, `default timestamp is now: ${ts}`);
});

builtin('roundtrip/oauth-rsa-sha256', async (lib, ctx) => {
  const sign = need(lib, 'signOAuth');
  const k = (f) => keyText(ctx, f, 'key');
  const pkcs1 = k('test-only-rsa-2048-pkcs1.pem');
  const pkcs8 = k('test-only-rsa-2048-pkcs8.pem');
  const req = { method: 'POST', url: 'https://sandbox.example.com/paynet/api/v4/create-card-ref/77', params: [['client_orderid', 'rsa-1'], ['name', 'Zoë O\'Brien']] };
  const base = { ...req, consumerKey: 'merchant', signatureMethod: 'RSA-SHA256', timestamp: NOW, nonce: 'rsa-nonce' };
  const s1 = await sign({ ...base, privateKey: pkcs1 });
  const s8 = await sign({ ...base, privateKey: pkcs8 });
  eq(s1.signature, s8.signature, 'PKCS#1 and PKCS#8 forms of one key sign alike (RSASSA-PKCS1-v1_5 is deterministic)');
  eq(s1.oauthParams.oauth_signature_method, 'RSA-SHA256', 'oauth_signature_method');
  ok(/^[A-Za-z0-9+/]{342}==$/.test(s1.signature), 'a 2048-bit signature is 256 bytes of Base64');
  for (const pub of ['test-only-rsa-2048-spki.pem', 'test-only-rsa-2048-pkcs1-public.pem']) {
    const publicKey = k(pub);
    const v = await verifyWith(lib, s1, req, (c) => (c === 'merchant' ? { publicKey } : undefined));
    eq(v.signatureMethod, 'RSA-SHA256', 'verified method');
    await rejects(lib, 'ERR_SIGNATURE_INVALID', () => verifyWith(lib, s1, { ...req, params: [['client_orderid', 'rsa-2'], req.params[1]] }, () => ({ publicKey })), `tampered, ${pub}`);
  }
  const other = k('test-only-rsa-4096-spki.pem');
  await rejects(lib, 'ERR_SIGNATURE_INVALID', () => verifyWith(lib, s1, req, () => ({ publicKey: other })), 'verified with another key');
  await rejects(lib, 'ERR_OAUTH_METHOD_NOT_ALLOWED', () => verifyWith(lib, s1, req, () => ({ consumerSecret: 'x' })), 'RSA for an HMAC-only consumer');
  await rejects(lib, 'ERR_KEY_TOO_SMALL', () => sign({ ...base, privateKey: k('test-only-rsa-1024-pkcs1.pem') }), '1024-bit PKCS#1 key');
  await rejects(lib, 'ERR_KEY_TOO_SMALL', () => sign({ ...base, privateKey: k('test-only-rsa-1024-pkcs8.pem') }), '1024-bit PKCS#8 key');
  await rejects(lib, 'ERR_KEY_INVALID', () => sign({ ...base, privateKey: k('test-only-ec-p256-pkcs8.pem') }), 'EC key');
  await rejects(lib, 'ERR_KEY_INVALID', () => sign({ ...base, privateKey: k('test-only-rsa-2048-encrypted-pkcs8.pem') }), 'encrypted PKCS#8');
  await rejects(lib, 'ERR_KEY_INVALID', () => sign({ ...base, privateKey: k('test-only-rsa-2048-encrypted-pkcs1.pem') }), 'encrypted PKCS#1');
  await rejects(lib, 'ERR_KEY_INVALID', () => sign({ ...base, privateKey: k('test-only-rsa-2048-spki.pem') }), 'public key given to sign');
  await rejects(lib, 'ERR_KEY_TOO_SMALL', () => verifyWith(lib, s1, req, () => ({ publicKey: k('test-only-rsa-1024-spki.pem') })), '1024-bit public key');
});

builtin('roundtrip/oauth-sign-input-errors', async (lib) => {
  const sign = need(lib, 'signOAuth');
  const base = { method: 'POST', url: URL_BASE, params: [], consumerKey: 'm', signatureMethod: 'HMAC-SHA1', consumerSecret: 's', nonce: 'n', timestamp: NOW };
  await rejects(lib, 'ERR_UNSUPPORTED', () => sign({ ...base, signatureMethod: 'PLAINTEXT' }), 'PLAINTEXT');
  await rejects(lib, 'ERR_INVALID_INPUT', () => sign({ ...base, url: '/relative' }), 'relative URL');
  await rejects(lib, 'ERR_ENCODING', () => sign({ ...base, params: [['a', '\udc00']] }), 'lone surrogate in a value');
});

builtin('roundtrip/callback', async (lib) => {
  if (typeof lib.verifyCallback !== 'function') return 'skip';
  // status + orderid + client_orderid + key; the digest computed with `openssl dgst -sha1`.
  const digest = 'cec427d51842e23cab4eed722ef74785774a5e8d';
  eq(await lib.control('CALLBACK', { status: 'approved', orderid: '902541', client_orderid: 'inv-0001' }, CONTROL_KEY), digest, 'control CALLBACK');
  const query = `status=approved&orderid=902541&client_orderid=inv-0001&merchant_order=inv-0001&amount=10.42&type=sale&control=${digest}`;
  for (const q of [query, '?' + query, new URLSearchParams(query), new URL('https://merchant.example/cb?' + query)]) {
    const r = await lib.verifyCallback(q, CONTROL_KEY);
    eq([r.status, r.orderid, r.client_orderid], ['approved', '902541', 'inv-0001'], 'callback fields');
  }
  await rejects(lib, 'ERR_CONTROL_MISMATCH', () => lib.verifyCallback(query.replace('approved', 'declined'), CONTROL_KEY), 'callback with a changed status');
  await rejects(lib, 'ERR_CONTROL_MISMATCH', () => lib.verifyCallback(query, CONTROL_KEY.toLowerCase()), 'callback with another key');
  await rejects(lib, 'ERR_MISSING_FIELD', () => lib.verifyCallback(query.replace(/&control=.*$/, ''), CONTROL_KEY), 'callback without control');
  await rejects(lib, 'ERR_INVALID_INPUT', () => lib.verifyCallback(query + '&status=declined', CONTROL_KEY), 'callback with status twice');
});

function findCatalog(lib) {
  for (const name of ['OPERATIONS', 'operations', 'CATALOG', 'catalog']) {
    const v = lib[name];
    if (Array.isArray(v)) return v;
    if (v && typeof v === 'object') return Object.values(v);
  }
  return undefined;
}

builtin('roundtrip/operations', async (lib, ctx) => {
  if (typeof lib.signRequest !== 'function' && typeof lib.verifyRequest !== 'function') {
    ctx.note('operations: signRequest/verifyRequest not exported; skipped');
    return 'skip';
  }
  const signRequest = need(lib, 'signRequest');
  const verifyRequest = need(lib, 'verifyRequest');
  const catalog = findCatalog(lib);
  ok(catalog !== undefined && catalog.length > 0, 'the operation catalog is exported');
  const privateKey = keyText(ctx, 'test-only-rsa-2048-pkcs8.pem', 'key');
  const publicKey = keyText(ctx, 'test-only-rsa-2048-spki.pem', 'key');
  const credentials = { login: 'merchant', controlKey: CONTROL_KEY, privateKey };
  const ids = new Set();
  for (const row of catalog) {
    const id = row.id;
    ok(typeof id === 'string' && !ids.has(id), `catalog ids are unique strings: ${show(id)}`);
    ids.add(id);
    const known = row.auth?.kind === 'control' || row.auth?.kind === 'oauth';
    // Rows whose scheme is unknown need an explicit one: refused without, checked with C-B and RSA-SHA256.
    const schemes = known ? [undefined] : ['C-B', 'RSA-SHA256'];
    if (!known) {
      await rejects(lib, 'ERR_UNSUPPORTED', () => signRequest(id, { baseUrl: 'https://sandbox.example.com/paynet', endpointId: 1, params: sampleParams(row, 'C-B'), credentials }), `${id}: no scheme given`);
    }
    for (const scheme of schemes) {
      const label = scheme === undefined ? id : `${id} (scheme ${scheme})`;
      const kind = scheme === undefined ? row.auth.kind : scheme.startsWith('C-') ? 'control' : 'oauth';
      const formula = scheme === undefined ? row.auth.formula : kind === 'control' ? scheme : undefined;
      for (const where of [{ endpointId: 4321 }, { endpointGroupId: '77' }]) {
        const what = `${label}${where.endpointGroupId ? ' by group' : ''}`;
        const opts = { baseUrl: 'https://sandbox.example.com/paynet/', ...where, params: sampleParams(row, formula), credentials, timestamp: NOW, nonce: `op-${id}-${scheme}-${where.endpointGroupId ?? 'e'}` };
        if (scheme !== undefined) opts.scheme = scheme;
        let signed;
        try {
          signed = await signRequest(id, opts);
        } catch (e) {
          fail(`signRequest(${what}): ${describeError(e)}`);
        }
        const request = typeof signed.toRequest === 'function' ? signed.toRequest() : signed;
        ok(request instanceof Request, `${what}: signRequest gives a Fetch Request`);
        eq(request.method, 'POST', `${what}: method`);
        const path = new URL(request.url).pathname;
        const expectPath = '/paynet' + (where.endpointGroupId ? row.groupPath?.replace('{endpointGroupId}', '77') : row.path.replace('{endpointId}', '4321'));
        eq(path, expectPath, `${what}: path`);
        const body = await request.clone().text();
        ok(!/\+/.test(body), `${what}: form body never uses "+": ${show(body)}`);
        if (kind === 'oauth') ok((request.headers.get('authorization') ?? '').startsWith('OAuth '), `${what}: Authorization header`);
        else ok(/(^|&)control=[0-9a-f]{40}(&|$)/.test(body), `${what}: control in the body`);
        const vopts = {
          basePath: '/paynet', now: NOW, nonceStore: freshStore(lib),
          credentials: () => ({ controlKey: CONTROL_KEY, publicKey }),
        };
        if (scheme !== undefined) vopts.schemes = { [id]: scheme };
        let verified;
        try {
          verified = await verifyRequest(request.clone(), vopts);
        } catch (e) {
          fail(`verifyRequest(${what}): ${describeError(e)}`);
        }
        eq(verified.operation?.id, id, `${what}: verifyRequest found the operation`);
        // Tamper with a value that the scheme covers: any body value for OAuth, a formula term for control.
        const field = tamperField(lib, row, kind, formula, body);
        ok(field !== undefined, `${what}: the sample body has a signed field to tamper with`);
        const re = new RegExp(`(^|&)(${field.replace(/[-]/g, '\\-')})=([^&]*)`);
        const tamperedBody = body.replace(re, '$1$2=$3X');
        ok(tamperedBody !== body, `${what}: tampering changed the body`);
        const tampered = new Request(request.url, { method: 'POST', headers: request.headers, body: tamperedBody });
        const e = await rejects(lib, kind === 'oauth' ? 'ERR_SIGNATURE_INVALID' : 'ERR_CONTROL_MISMATCH', () => verifyRequest(tampered, vopts), `${what}: tampered ${field}`);
        if (typeof lib.httpStatusOf === 'function') eq(lib.httpStatusOf(e), 403, `${what}: httpStatusOf(tampered)`);
        const wrongKey = { ...vopts, nonceStore: freshStore(lib), credentials: () => ({ controlKey: CONTROL_KEY + '0', publicKey: keyText(ctx, 'test-only-rsa-4096-spki.pem', 'key') }) };
        await rejects(lib, kind === 'oauth' ? 'ERR_SIGNATURE_INVALID' : 'ERR_CONTROL_MISMATCH', () => verifyRequest(request.clone(), wrongKey), `${what}: verified with other credentials`);
      }
    }
  }
  await rejects(lib, 'ERR_UNKNOWN_OPERATION', () => signRequest('no-such-operation', { baseUrl: 'https://x.example', endpointId: 1, params: {}, credentials }), 'unknown operation');
  const stray = new Request('https://sandbox.example.com/paynet/api/v2/no-such/1', {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/vnd.pay+json' }, body: 'a=1',
  });
  await rejects(lib, 'ERR_UNKNOWN_OPERATION', () => verifyRequest(stray, { basePath: '/paynet', credentials: () => undefined }), 'unknown path');
});

/** A body field covered by the signature: for control, the first non-login term present in the body. */
function tamperField(lib, row, kind, formula, body) {
  const names = body.split('&').map((kv) => decodeURIComponent(kv.split('=')[0]));
  if (kind === 'oauth') return names.find((n) => !n.startsWith('oauth_'));
  const terms = lib.FORMULAS?.[formula]?.terms?.map((t) => t.field) ?? [];
  for (const t of terms) {
    if (t === 'login' || t === 'endpointId') continue;
    const name = t === 'client_orderid' ? (row.orderIdField ?? 'client_orderid') : t;
    if (names.includes(name)) return name;
  }
  return undefined;
}

function sampleParams(row, formula) {
  const orderField = row.orderIdField ?? 'client_orderid';
  const p = { [orderField]: 'ord-1', orderid: '900' };
  if (formula === 'C-B' || formula === 'C-C' || formula === undefined) p.email = 'john.smith@gmail.com';
  if (row.id !== 'void' && (formula === 'C-B' || formula === 'C-D' || formula === 'C-E' || formula === undefined)) {
    p.amount = '10.42';
    p.currency = 'USD';
  }
  if (formula === 'C-E' || formula === 'CARD-INFO') p.cardrefid = 'ref-1';
  if (formula === 'TRANSFER-BY-REF') {
    p.source_cardrefid = 's-1';
    p.destination_cardrefid = 'd-1';
    p.amount = '1.00';
    p.currency = 'USD';
  }
  if (row.id === 'upload-method-url-result') p.threeDSCompInd = 'Y';
  return p;
}

// ---------------------------------------------------------------------------------------------

/**
 * Runs every check. Never throws for a failed check; returns the tally.
 *
 * @param {object} lib - the paysig module namespace
 * @param {{ vectors?: Record<string, any>, keys?: Record<string, string>, expectBackend: 'node'|'web', log?: (line: string) => void }} options
 * @returns {Promise<{ passed: number, failed: number, failures: Array<{ id: string, message: string }>, skipped: string[], notes: string[] }>}
 */
export async function runSuite(lib, { vectors = {}, keys = {}, expectBackend, log = () => {} } = {}) {
  const failures = [];
  const notes = [];
  const skipped = [];
  let passed = 0;
  const ctx = { keys, expectBackend, memo: new Map(), note: (s) => { notes.push(s); log(`note: ${s}`); } };

  async function check(id, fn) {
    try {
      const r = await fn();
      if (r === 'skip') {
        skipped.push(id);
        return;
      }
      passed++;
    } catch (e) {
      const message = e instanceof CheckError ? e.message : `threw ${describeError(e)}`;
      failures.push({ id, message });
      log(`FAIL ${id}: ${message}`);
    }
  }

  for (const [name, fn] of BUILTIN) await check(name, () => fn(lib, ctx));

  for (const topic of Object.keys(vectors).sort()) {
    const file = vectors[topic];
    const handler = TOPICS[topic];
    if (handler === undefined) {
      await check(`vectors/${topic}.json`, () => fail('no handler in test/conformance/suite.mjs for this vector file'));
      continue;
    }
    const cases = file?.cases;
    if (!Array.isArray(cases) || cases.length === 0) {
      await check(`vectors/${topic}.json`, () => fail('file has no non-empty "cases" array'));
      continue;
    }
    for (const c of cases) await check(`${topic}/${c.id}`, () => handler(lib, c, ctx));
  }

  return { passed, failed: failures.length, failures, skipped, notes };
}

/** Topics this suite knows how to run. */
export const KNOWN_TOPICS = Object.freeze(Object.keys(TOPICS));
