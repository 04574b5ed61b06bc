/**
 * The OAuth half of {@link diagnose}: the parameters and where each came from, the base string the
 * verifier builds, the expected HMAC-SHA1 signature or the RSA-SHA256 verification result, and a
 * bounded set of variants (`oauth_*` encoded twice, counted twice, values untrimmed, the other
 * signature method) checked against the signature received. Internal.
 *
 * @module
 */
import { hmacKeyOf } from '../schemes/oauth/hmac-key.js';
import { hmacSha1, rsaSha256Verify } from '#crypto';
import { fromBase64, toBase64 } from '../encoding/base64.js';
import { parseForm } from '../encoding/form.js';
import { percentEncode } from '../encoding/percent.js';
import { importPublicKey } from '../keys/import.js';
import { signatureBaseString } from '../schemes/oauth/base-string.js';
import { parseAuthorizationHeader } from '../schemes/oauth/header.js';
import { isTimestampText } from '../schemes/oauth/protocol.js';
import { splitUrl } from '../schemes/oauth/url.js';
import type { OAuthMethod } from '../catalog/index.js';
import { controlKeyLooksLikePem, publicKeyFormProblem } from './key.js';
import { firstDifference } from './text.js';
import { keyVariants, urlVariants } from './variants.js';
import type { DiagnosisDifference, DiagnosisHint, DiagnosisParameter, OAuthDiagnosis } from './diagnosis.js';
import { eachKey, withKey, type OneKeyCredentials } from './keys.js';
import type { OAuthAuth } from '../schemes/oauth/request.js';
import type { SchemeDiagnoser } from './scheme.js';

type Pairs = ReadonlyArray<readonly [string, string]>;

/** What the OAuth diagnosis reads. */
export interface OAuthContext {
  readonly expectedMethod: OAuthMethod;
  readonly method: string;
  /** The URL the client signed. */
  readonly url: string;
  readonly authorization: string | null;
  readonly raw: Pairs;
  readonly trimmed: Pairs;
  readonly now: number;
  readonly maxSkewSeconds: number;
  readonly maxFutureSkewSeconds: number;
  /** The request's headers (forwarding headers name the URL the client may have signed). */
  readonly headers: Headers;
  /** The base path the verifier was given. */
  readonly basePath: string;
  /** The merchant's secrets by consumer key (memoised by the caller). */
  readonly lookup: (consumerKey: string) => Promise<OneKeyCredentials | undefined>;
}

/** The OAuth diagnosis with its hints, first difference, and why it stopped early. */
export interface OAuthResult {
  readonly oauth: OAuthDiagnosis;
  readonly hints: DiagnosisHint[];
  readonly difference?: DiagnosisDifference;
  readonly problem?: string;
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Body pairs without the first exact repeat of each header `oauth_*` value (they count once). */
function splitRepeats(body: Pairs, oauth: Record<string, string>): { signed: Pairs; repeats: Set<number> } {
  const repeats = new Set<number>();
  const seen = new Set<string>();
  body.forEach(([k, v], i) => {
    if (k === 'oauth_signature' || (Object.hasOwn(oauth, k) && oauth[k] === v && !seen.has(k))) {
      repeats.add(i);
      seen.add(k);
    }
  });
  return { signed: body.filter((_, i) => !repeats.has(i)), repeats };
}

/** The header's parameters, `oauth_signature` included as the verifier counts it (the base string leaves it out). */
function headerPairs(oauth: Record<string, string>, encode: boolean): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(oauth)) out.push([k, encode ? percentEncode(v) : v]);
  return out;
}

/** Diagnoses an OAuth request. */
export async function diagnoseOAuth(ctx: OAuthContext): Promise<OAuthResult> {
  const parameters: DiagnosisParameter[] = [];
  const hints: DiagnosisHint[] = [];
  let query: Pairs = [];
  try {
    query = parseForm(splitUrl(ctx.url).query);
  } catch {
    // The base string below reports the URL problem.
  }
  for (const [name, value] of query) parameters.push({ name, value, source: 'query', signed: true });
  const base = {
    expectedMethod: ctx.expectedMethod,
    parameters,
    maxSkewSeconds: ctx.maxSkewSeconds,
    maxFutureSkewSeconds: ctx.maxFutureSkewSeconds,
  };
  const bodyParams = (repeats: Set<number>) =>
    ctx.trimmed.forEach(([name, value], i) => {
      parameters.push({ name, value, source: 'body', signed: !repeats.has(i) });
    });
  if (ctx.authorization === null) {
    bodyParams(new Set());
    return { oauth: base, hints, problem: 'the request has no Authorization header' };
  }
  let oauth: Record<string, string>;
  try {
    oauth = parseAuthorizationHeader(ctx.authorization).params;
  } catch (e) {
    bodyParams(new Set());
    return { oauth: base, hints, problem: `the Authorization header cannot be read: ${message(e)}` };
  }
  const { signed, repeats } = splitRepeats(ctx.trimmed, oauth);
  bodyParams(repeats);
  for (const [name, value] of Object.entries(oauth))
    parameters.push({ name, value, source: 'header', signed: name !== 'oauth_signature' });

  const consumerKey = oauth['oauth_consumer_key'];
  const signatureMethod = oauth['oauth_signature_method'];
  const received = oauth['oauth_signature'];
  const found: OAuthDiagnosis = {
    ...base,
    ...(signatureMethod !== undefined ? { signatureMethod } : {}),
    ...(consumerKey !== undefined ? { consumerKey } : {}),
    ...(received !== undefined ? { receivedSignature: received } : {}),
  };
  const result = (
    o: OAuthDiagnosis,
    extra: { difference?: DiagnosisDifference | undefined; problem?: string } = {},
  ): OAuthResult => ({
    oauth: o,
    hints,
    ...(extra.difference !== undefined ? { difference: extra.difference } : {}),
    ...(extra.problem !== undefined ? { problem: extra.problem } : {}),
  });

  const timestamp = oauth['oauth_timestamp'];
  let withTime: OAuthDiagnosis = found;
  if (timestamp !== undefined && isTimestampText(timestamp)) {
    const offset = Math.round(Number(timestamp) - ctx.now);
    withTime = { ...found, timestampOffsetSeconds: offset };
    const bound = offset > 0 ? ctx.maxFutureSkewSeconds : ctx.maxSkewSeconds;
    if (Math.abs(offset) > bound) {
      hints.push({
        id: 'stale-timestamp',
        message:
          Number(timestamp) >= 1e12 && Number(timestamp) > ctx.now * 100
            ? 'oauth_timestamp is in milliseconds (Date.now()): milliseconds? send seconds, Math.floor(Date.now() / 1000)'
            : `oauth_timestamp is ${Math.abs(offset)} s in the ${offset > 0 ? 'future' : 'past'}, beyond the ${bound} s allowed ${offset > 0 ? 'ahead of' : 'behind'} the server's clock: keep the client's clock on NTP and sign just before sending`,
      });
    }
  }
  const login = ctx.trimmed.find(([k]) => k === 'login')?.[1];
  if (login !== undefined && login !== '' && consumerKey !== undefined && login !== consumerKey) {
    hints.push({
      id: 'login-consumer-mismatch',
      message: `the body's login "${login.slice(0, 64)}" differs from oauth_consumer_key "${consumerKey.slice(0, 64)}": the consumer key must be the merchant login`,
    });
  }

  let baseString: string;
  try {
    baseString = signatureBaseString({
      method: ctx.method,
      url: ctx.url,
      params: [...signed, ...headerPairs(oauth, false)],
    });
  } catch (e) {
    return result(withTime, { problem: `the signature base string cannot be built: ${message(e)}` });
  }
  const withBase: OAuthDiagnosis = { ...withTime, baseString };
  if (consumerKey === undefined || received === undefined)
    return result(withBase, { problem: 'the header lacks oauth_consumer_key or oauth_signature' });
  const creds = await ctx.lookup(consumerKey);
  if (creds === undefined)
    return result(withBase, { problem: `no credentials for consumer "${consumerKey.slice(0, 64)}"` });

  // The check for the method the header names, with the key of that method.
  let check: ((text: string) => Promise<boolean>) | undefined;
  let expectedSignature: string | undefined;
  if (signatureMethod === 'HMAC-SHA1' && creds.controlKey !== undefined && creds.controlKey !== '') {
    const key = hmacKeyOf(creds.controlKey);
    check = async (text) => toBase64(await hmacSha1(key, text)) === received;
    expectedSignature = toBase64(await hmacSha1(key, baseString));
    if (controlKeyLooksLikePem(creds.controlKey)) {
      hints.push({
        id: 'wrong-key-form',
        message: 'the control key configured for this merchant is a PEM key: HMAC-SHA1 uses the merchant control key',
      });
    }
  } else if (signatureMethod === 'RSA-SHA256' && creds.publicKey !== undefined) {
    const problem = publicKeyFormProblem(creds.publicKey);
    if (problem !== undefined) hints.push({ id: 'wrong-key-form', message: problem });
    try {
      const handle = await importPublicKey(creds.publicKey);
      let sig: Uint8Array | undefined;
      try {
        sig = fromBase64(received);
      } catch {
        // Not Base64: no signature to verify.
      }
      // An empty signature verifies nothing (both backends answer false).
      check = async (text) => sig !== undefined && (await rsaSha256Verify(handle, sig, text));
    } catch (e) {
      return result(withBase, { problem: `the public key cannot be used: ${message(e)}` });
    }
  } else {
    const needs = signatureMethod === 'HMAC-SHA1' ? 'the control key' : 'an RSA public key';
    const has = signatureMethod === 'HMAC-SHA1' ? creds.publicKey !== undefined : creds.controlKey !== undefined;
    if (has && (signatureMethod === 'HMAC-SHA1' || signatureMethod === 'RSA-SHA256')) {
      hints.push({
        id: 'wrong-key-form',
        message: `the request is signed with ${signatureMethod}, which needs ${needs}, but the merchant has only the other kind of key`,
      });
    }
    return result(withBase, { problem: `no key to check ${String(signatureMethod).slice(0, 32)} for this consumer` });
  }

  const ok = await check(baseString);
  const checked: OAuthDiagnosis =
    expectedSignature !== undefined ? { ...withBase, expectedSignature } : { ...withBase, rsaVerified: ok };
  if (ok) {
    if (signatureMethod !== ctx.expectedMethod) {
      hints.push({
        id: 'wrong-key-form',
        message: `the signature is valid ${signatureMethod}, but this operation is signed with ${ctx.expectedMethod}${ctx.expectedMethod === 'RSA-SHA256' ? " and the merchant's RSA private key, not the control key" : ' and the merchant control key'}`,
      });
    }
    return result(checked);
  }

  // At most eight more signatures, each over one base string, then at most four HMAC keys.
  const signedPairs = [...signed, ...headerPairs(oauth, false)];
  const variants: Array<[DiagnosisHint['id'], Pairs, string, string?]> = [
    [
      'oauth-double-encoded',
      [...signed, ...headerPairs(oauth, true)],
      'the signature matches a base string whose oauth_* values were percent-encoded twice: encode each parameter once (RFC 5849 section 3.4.1.3.2)',
    ],
    [
      'oauth-counted-twice',
      [...ctx.trimmed, ...headerPairs(oauth, false)],
      'the signature matches a base string that counts the oauth_* values repeated in the body a second time: they take part once',
    ],
    [
      'untrimmed-values',
      [...splitRepeats(ctx.raw, oauth).signed, ...headerPairs(oauth, false)],
      'the signature matches over the body values as sent, before trimming: the service trims leading and trailing whitespace, so sign the trimmed values',
    ],
    ...urlVariants(ctx.url, ctx.headers, ctx.basePath).map((v): [DiagnosisHint['id'], Pairs, string, string] => [
      v.id,
      signedPairs,
      v.message,
      v.value,
    ]),
  ];
  for (const [id, params, text, url] of variants) {
    let variant: string;
    try {
      variant = signatureBaseString({ method: ctx.method, url: url ?? ctx.url, params });
    } catch {
      continue;
    }
    // A variant equal to the base string fails as the base string did.
    if (!(await check(variant))) continue;
    hints.push({ id, message: text });
    return result(
      { ...checked, clientBaseString: variant },
      { difference: firstDifference('base string', baseString, variant) },
    );
  }
  if (expectedSignature === undefined) return result(checked);
  const difference = firstDifference('signature', expectedSignature, received);
  for (const v of keyVariants(creds.controlKey ?? '')) {
    if (toBase64(await hmacSha1(v.value, baseString)) !== received) continue;
    hints.push({ id: v.id, message: v.message });
    break;
  }
  return result(checked, { difference });
}

/** What `diagnose` tries on an OAuth request, once per listed key of the method's kind. */
export const oauthDiagnoser: SchemeDiagnoser<OAuthAuth> = {
  async diagnose({ method }, input) {
    const { options, operation, endpoint } = input;
    const field = method === 'HMAC-SHA1' ? 'controlKey' : 'publicKey';
    const skew = options.maxSkewSeconds ?? 300;
    const { result: r, keys } = await eachKey(
      (index, note) =>
        diagnoseOAuth({
          expectedMethod: method,
          method: input.method,
          url: input.url,
          headers: input.headers,
          basePath: options.basePath ?? '',
          authorization: input.headers.get('authorization'),
          raw: input.raw,
          trimmed: input.trimmed,
          now: options.now ?? Date.now() / 1000,
          maxSkewSeconds: skew,
          // verifyOAuth's default: 30 s ahead, or less when maxSkewSeconds is less.
          maxFutureSkewSeconds: options.maxFutureSkewSeconds ?? Math.min(skew, 30),
          lookup: async (consumerKey) =>
            withKey(await input.lookup({ operation, consumerKey, ...endpoint }), field, index, note),
        }),
      (r) =>
        r.oauth.rsaVerified === true ||
        (r.oauth.expectedSignature !== undefined && r.oauth.expectedSignature === r.oauth.receivedSignature),
    );
    return {
      oauth: r.oauth,
      hints: r.hints,
      ...(r.difference !== undefined ? { difference: r.difference } : {}),
      ...(r.problem !== undefined ? { problem: r.problem } : {}),
      ...(keys !== undefined ? { keys } : {}),
    };
  },
};
