#!/usr/bin/env node
// Sits between `paysig conformance` and one library adapter (node interop/front.mjs <adapter
// command...>): every case goes through unchanged except `operations`, where it plays the
// merchant's code around an OAuth library. For an OAuth operation of the catalog it builds what
// the service's documentation asks (the URL from the catalog's path, values trimmed as the service
// trims them, POST, the two fixed headers, the body: the fields, then the five oauth_* repeated),
// and asks the library for only one thing, the Authorization header, through an `oauth-sign` case
// (HMAC-SHA1 with the control key as consumer secret, or RSA-SHA256 with the private key, the
// login as consumer key). Control-digest operations are skipped: no OAuth library signs them.
// The glue checks none of the catalog's rules, so refusals are not the library's to pass.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const VECTORS = process.env.PAYSIG_VECTORS ?? new URL('../vectors/', import.meta.url).pathname;
const catalog = new Map(
  JSON.parse(readFileSync(join(VECTORS, 'catalog.json'), 'utf8')).operations.map((o) => [o.id, o]),
);
const OAUTH = new Set(['HMAC-SHA1', 'RSA-SHA256']);
const REPEATED = ['oauth_consumer_key', 'oauth_nonce', 'oauth_signature_method', 'oauth_timestamp', 'oauth_version'];

const pe = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
// The service trims every value as Java's String.trim does: characters up to U+0020 at both ends.
const trim = (s) => s.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');

/** The header's parameters, decoded (the library's own spelling is its business). */
function headerParams(header) {
  const out = new Map();
  for (const m of header.replace(/^OAuth\s+/i, '').matchAll(/([\w%.~-]+)\s*=\s*"([^"]*)"/g))
    out.set(decodeURIComponent(m[1]), decodeURIComponent(m[2]));
  return out;
}

/** An operations case as an oauth-sign case, or the reason to skip it. */
function toSign(c) {
  const op = catalog.get(c.operation);
  if (op === undefined) return { skip: `no such operation in the catalog: ${c.operation}` };
  const scheme = c.scheme ?? op.scheme;
  if (!OAUTH.has(scheme)) return { skip: `signed with a control digest (${scheme ?? 'no scheme'}), not OAuth` };
  const path =
    c.endpointGroupId !== undefined
      ? op.groupPath.replace('{endpointGroupId}', c.endpointGroupId)
      : op.path.replace('{endpointId}', c.endpointId);
  const url = c.baseUrl.replace(/\/+$/, '') + path;
  const params = c.params.map(([n, v]) => [n, trim(v)]);
  const cr = c.credentials;
  const sign = {
    method: 'POST',
    url,
    params,
    consumerKey: cr.login,
    signatureMethod: scheme,
    nonce: c.nonce,
    timestamp: c.timestamp,
  };
  if (scheme === 'HMAC-SHA1') Object.assign(sign, { consumerSecret: cr.controlKey, tokenSecret: '' });
  else Object.assign(sign, { privateKeyFile: cr.privateKeyFile, publicKeyFile: cr.publicKeyFile });
  if (c.realm !== undefined) sign.realm = c.realm;
  return { sign, url, params, repeat: c.repeatOAuthInBody !== false };
}

const [cmd, ...args] = process.argv.slice(2);
const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'inherit'] });
child.on('exit', (code) => process.exit(code ?? 1));
const pending = new Map();

createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
  if (line.trim() === '') return;
  let answer;
  try {
    answer = JSON.parse(line);
  } catch {
    process.stdout.write(`${line}\n`); // garbage goes to the kit, which reports it
    return;
  }
  const op = pending.get(answer.id);
  pending.delete(answer.id);
  if (op !== undefined && typeof answer.output === 'string') {
    const oauth = headerParams(answer.output);
    const body = [
      ...op.params,
      ...(op.repeat ? REPEATED.filter((n) => oauth.has(n)).map((n) => [n, oauth.get(n)]) : []),
    ];
    answer = {
      id: answer.id,
      output: {
        method: 'POST',
        url: op.url,
        headers: {
          Accept: 'application/vnd.pay+json',
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: answer.output,
        },
        body: body.map(([n, v]) => `${pe(n)}=${pe(v)}`).join('&'),
      },
    };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
});

for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
  if (line.trim() === '') continue;
  const c = JSON.parse(line);
  if (c.topic !== 'operations') {
    child.stdin.write(`${line}\n`);
    continue;
  }
  const op = toSign(c.input);
  if (op.skip !== undefined) {
    process.stdout.write(`${JSON.stringify({ id: c.id, skip: op.skip })}\n`);
    continue;
  }
  pending.set(c.id, op);
  child.stdin.write(`${JSON.stringify({ id: c.id, topic: 'oauth-sign', input: op.sign })}\n`);
}
child.stdin.end();
