/**
 * The deployment variants of an OAuth request that {@link diagnose} recomputes when a signature
 * does not verify: the URL the client may have signed (scheme and host from forwarding headers,
 * the base path, a trailing slash) and the HMAC key it may have used (`&` doubled or missing).
 * A fixed, small number of candidates, each costing one base string and one signature check.
 * Internal.
 *
 * @module
 */
import { percentEncode } from '../encoding/percent.js';
import type { DiagnosisHintId } from './diagnosis.js';

/** A candidate, with the hint reported when it verifies. */
export interface Variant<T> {
  readonly id: DiagnosisHintId;
  readonly value: T;
  readonly message: string;
}

/** The first value of a comma-separated header, trimmed; undefined when absent or empty. */
function first(headers: Headers, name: string): string | undefined {
  const v = headers.get(name)?.split(',')[0]?.trim();
  return v === undefined || v === '' ? undefined : v;
}

/** `proto` and `host` of the first element of an RFC 7239 `Forwarded` header. */
function forwarded(headers: Headers): { proto?: string; host?: string } {
  const out: { proto?: string; host?: string } = {};
  const element = headers.get('forwarded')?.split(',')[0];
  if (element === undefined) return out;
  for (const pair of element.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const key = pair.slice(0, eq).trim().toLowerCase();
    const value = pair
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if ((key === 'proto' || key === 'host') && value !== '') out[key] = value;
  }
  return out;
}

/** The URL with another scheme and host, or undefined when they do not make a URL. */
function withOrigin(url: URL, proto: string | undefined, host: string | undefined, port?: string): string | undefined {
  if (proto === undefined && host === undefined) return undefined;
  const scheme = (proto ?? url.protocol.slice(0, -1)).toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return undefined;
  try {
    const next = new URL(`${scheme}://${host ?? url.host}${url.pathname}${url.search}`);
    if (port !== undefined && /^[0-9]{1,5}$/.test(port) && host !== undefined && !host.includes(':')) {
      next.port = port;
    }
    return next.href;
  } catch {
    return undefined;
  }
}

const PROXY_FIX =
  "verify against the URL the client addressed: with paysig/node pass { trustProxy: true } (Express's 'trust proxy' setting does not reach paysig: it reads the raw headers), or give verifyRequest/diagnose the public URL in options.url";

/**
 * `s` without its trailing slashes. A loop, not `/\/+$/`: on a header of many slashes before a
 * last character that regex retries from every slash, quadratic work on hostile input.
 */
function withoutTrailingSlashes(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 47) end--;
  return s.slice(0, end);
}

/**
 * The URLs the client may have signed instead of `url` (at most five), from the forwarding
 * headers (`X-Forwarded-Proto`/`-Host`/`-Port`/`-Prefix`, `Forwarded`), the base path and a
 * trailing slash.
 */
export function urlVariants(url: string, headers: Headers, basePath: string): Array<Variant<string>> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return [];
  }
  const out: Array<Variant<string>> = [];
  const add = (id: DiagnosisHintId, value: string | undefined, message: (v: string) => string) => {
    if (value !== undefined && value !== url && !out.some((v) => v.value === value))
      out.push({ id, value, message: message(value) });
  };
  const xProto = first(headers, 'x-forwarded-proto');
  const xHost = first(headers, 'x-forwarded-host');
  add(
    'forwarded-url',
    withOrigin(u, xProto, xHost, first(headers, 'x-forwarded-port')),
    (v) =>
      `the signature verifies for ${v}, the URL in X-Forwarded-Proto/X-Forwarded-Host, not ${url} as the server saw it behind the proxy: ${PROXY_FIX}`,
  );
  const f = forwarded(headers);
  add(
    'forwarded-url',
    withOrigin(u, f.proto, f.host),
    (v) =>
      `the signature verifies for ${v}, the URL in the Forwarded header, not ${url} as the server saw it behind the proxy: ${PROXY_FIX}`,
  );
  const base = withoutTrailingSlashes(basePath);
  if (base !== '' && u.pathname.startsWith(`${base}/`)) {
    add(
      'base-path',
      `${u.origin}${u.pathname.slice(base.length)}${u.search}`,
      (v) =>
        `the signature verifies for ${v}, without the base path ${base}: the client signed another URL than it sent; sign the URL requested, base path included (signRequest's baseUrl ends with the prefix, e.g. https://gate.example.com${base})`,
    );
  }
  const sent = first(headers, 'x-forwarded-prefix');
  const prefix = sent === undefined ? undefined : withoutTrailingSlashes(sent);
  if (prefix?.startsWith('/') && !u.pathname.startsWith(`${prefix}/`)) {
    add(
      'base-path',
      `${u.origin}${prefix}${u.pathname}${u.search}`,
      (v) =>
        `the signature verifies for ${v}, with the prefix ${prefix} (X-Forwarded-Prefix) that the proxy stripped before the server saw the path: verify against the public URL (options.url), or keep the prefix and set basePath: '${prefix}'`,
    );
  }
  const slash = u.pathname.endsWith('/') ? u.pathname.slice(0, -1) : `${u.pathname}/`;
  add(
    'trailing-slash',
    `${u.origin}${slash}${u.search}`,
    (v) =>
      `the signature verifies for ${v}: the client signed the path ${u.pathname.endsWith('/') ? 'without' : 'with'} a trailing slash; sign exactly the path requested`,
  );
  return out.slice(0, 5);
}

/**
 * The HMAC-SHA1 keys the client may have used instead of `encode(controlKey) + '&'`: the `&`
 * doubled (the key given as `controlKey + '&'` to a library that appends its own), the `&`
 * missing (a hand-rolled HMAC keyed with the control key alone), and, when the configured key
 * itself ends with `&`, the key without it.
 */
export function keyVariants(controlKey: string): Array<Variant<string>> {
  const key = percentEncode(controlKey);
  const doubled =
    "the signature verifies with the HMAC key control key + '&&': the client gave its OAuth library the control key with '&' already appended; give it the control key alone (the library adds the '&' of the empty token secret)";
  const out: Array<Variant<string>> = [
    { id: 'hmac-key-doubled-amp', value: `${key}&&`, message: doubled },
    { id: 'hmac-key-doubled-amp', value: `${percentEncode(`${controlKey}&`)}&`, message: doubled },
    {
      id: 'hmac-key-no-amp',
      value: key,
      message:
        "the signature verifies with the control key alone as HMAC key: OAuth 1.0a keys HMAC-SHA1 with percent-encoded control key + '&' (the empty token secret follows the '&'); append the '&'",
    },
  ];
  if (controlKey.endsWith('&') && controlKey.length > 1) {
    out.push({
      id: 'hmac-key-doubled-amp',
      value: `${percentEncode(controlKey.slice(0, -1))}&`,
      message:
        "the signature verifies with the control key configured here minus its trailing '&': the credentials hold control key + '&'; return the control key alone (paysig adds the '&')",
    });
  }
  return out;
}
