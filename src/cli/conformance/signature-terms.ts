/**
 * Term-level explanation of an OAuth base string or signature mismatch: the vector's base string
 * parameter by parameter, the first differing parameter when the adapter returned its own base
 * string, and otherwise re-signed variants that recognise a likely cause (`oauth_*` values
 * encoded twice, the HMAC key's parts not percent-encoded or joined without `&`). Hint ids are
 * those of `diagnose()` where it has one (`oauth-double-encoded`); the others are the kit's.
 *
 * @module
 */
import { createHmac, createSign } from 'node:crypto';
import { percentEncode } from '../../index.js';
import type { Hint } from './control-terms.js';
import { shown } from './wire.js';

/** How to re-sign a base string: an HMAC-SHA1 key, or an RSA private key PEM. */
export type Signer = { readonly hmacKey: string } | { readonly rsaPem: string };

/** Signs a base string (Base64). */
export function signWith(signer: Signer, baseString: string): string {
  if ('hmacKey' in signer) return createHmac('sha1', signer.hmacKey).update(baseString, 'utf8').digest('base64');
  return createSign('RSA-SHA256').update(baseString, 'utf8').sign(signer.rsaPem, 'base64');
}

interface Parsed {
  readonly method: string;
  readonly url: string;
  /** The parameters as `name=value`, still percent-encoded once. */
  readonly params: string[];
}

/** Splits a base string into method, URL and encoded parameters; undefined when it is not one. */
function parse(bs: string): Parsed | undefined {
  const parts = bs.split('&');
  if (parts.length !== 3) return undefined;
  try {
    const params = decodeURIComponent(parts[2]!);
    return {
      method: parts[0]!,
      url: decodeURIComponent(parts[1]!),
      params: params === '' ? [] : params.split('&'),
    };
  } catch {
    return undefined;
  }
}

const nameOf = (p: string): string => p.slice(0, p.indexOf('=') < 0 ? p.length : p.indexOf('='));
const paramValue = (p: string): string => (p.indexOf('=') < 0 ? '' : p.slice(p.indexOf('=') + 1));

/** Compares two base strings parameter by parameter. */
export function explainBaseString(expected: string, actual: string): { details: string[]; hints: Hint[] } {
  const details: string[] = [];
  const hints: Hint[] = [];
  const e = parse(expected);
  const a = parse(actual);
  if (e === undefined || a === undefined) {
    details.push(`the base string is not METHOD&URL&PARAMETERS: ${shown(actual)}`);
    return { details, hints };
  }
  if (e.method !== a.method) details.push(`method: expected ${shown(e.method)}, got ${shown(a.method)}`);
  if (e.url !== a.url) details.push(`base string URL: expected ${shown(e.url)}, got ${shown(a.url)}`);
  const n = Math.max(e.params.length, a.params.length);
  for (let i = 0; i < n; i++) {
    const ep = e.params[i];
    const ap = a.params[i];
    if (ep === ap) continue;
    if (ep !== undefined && ap !== undefined && nameOf(ep) === nameOf(ap)) {
      details.push(
        `first differing parameter: ${nameOf(ep)} (encoded): expected ${shown(paramValue(ep))}, got ${shown(paramValue(ap))}`,
      );
      if (paramValue(ap) === percentEncode(paramValue(ep)))
        hints.push(
          nameOf(ep).startsWith('oauth_')
            ? { id: 'oauth-double-encoded', message: `${nameOf(ep)} was percent-encoded twice` }
            : { id: 'double-encoded', message: `${nameOf(ep)} was percent-encoded twice` },
        );
    } else
      details.push(
        `first differing parameter at position ${i + 1}: expected ${ep === undefined ? 'none' : shown(ep)}, got ${ap === undefined ? 'none' : shown(ap)}`,
      );
    break;
  }
  return { details, hints };
}

/** The base string with every `oauth_*` value percent-encoded a second time (sorted again). */
function doubleEncodedOAuth(bs: string): string | undefined {
  const p = parse(bs);
  if (
    p === undefined ||
    !p.params.some((x) => x.startsWith('oauth_') && paramValue(x) !== percentEncode(paramValue(x)))
  )
    return undefined;
  const params = p.params
    .map((x) => (x.startsWith('oauth_') ? `${nameOf(x)}=${percentEncode(paramValue(x))}` : x))
    .map((x) => [nameOf(x), paramValue(x)] as const)
    .sort(([n1, v1], [n2, v2]) => (n1 < n2 ? -1 : n1 > n2 ? 1 : v1 < v2 ? -1 : v1 > v2 ? 1 : 0))
    .map(([n, v]) => `${n}=${v}`);
  return `${p.method}&${percentEncode(p.url)}&${percentEncode(params.join('&'))}`;
}

/** Explains a signature that differs from the vector's. */
export function explainSignature(
  baseString: string,
  signer: Signer | undefined,
  actualSignature: unknown,
  adapterBaseString: unknown,
  secrets?: { readonly consumerSecret: string; readonly tokenSecret: string },
): { details: string[]; hints: Hint[] } {
  const details = [`vector base string: ${shown(baseString)}`];
  const hints: Hint[] = [];
  if (typeof adapterBaseString === 'string') {
    details.push(`adapter base string: ${shown(adapterBaseString)}`);
    if (adapterBaseString === baseString) details.push('the base strings agree: the key or the signing step differs');
    else {
      const r = explainBaseString(baseString, adapterBaseString);
      details.push(...r.details);
      hints.push(...r.hints);
    }
  }
  if (hints.length > 0 || signer === undefined || typeof actualSignature !== 'string') return { details, hints };
  const variants: [Hint, () => string | undefined][] = [
    [
      {
        id: 'oauth-double-encoded',
        message: 'the signature matches a base string whose oauth_* values were encoded twice',
      },
      () => {
        const v = doubleEncodedOAuth(baseString);
        return v === undefined ? undefined : signWith(signer, v);
      },
    ],
  ];
  if (secrets !== undefined) {
    const raw = `${secrets.consumerSecret}&${secrets.tokenSecret}`;
    variants.push(
      [
        {
          id: 'hmac-key-not-encoded',
          message: 'the HMAC key was built from the secrets without percent-encoding them',
        },
        () => (raw === (signer as { hmacKey: string }).hmacKey ? undefined : signWith({ hmacKey: raw }, baseString)),
      ],
      [
        { id: 'hmac-key-no-ampersand', message: 'the HMAC key lacks the "&" between consumer secret and token secret' },
        () => signWith({ hmacKey: percentEncode(secrets.consumerSecret) }, baseString),
      ],
    );
  }
  for (const [hint, sign] of variants)
    if (sign() === actualSignature) {
      hints.push(hint);
      break;
    }
  return { details, hints };
}
