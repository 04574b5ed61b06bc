// Built-in checks: anchors whose expected values come from outside paysig (OAuth Core 1.0 A.5,
// the published `control` example and parameter string, digests recomputed with openssl).
import { percentEncode } from '../../../tools/vectors/reference/percent.mjs';
import { parseAuthorization } from '../../../tools/vectors/reference/oauth.mjs';
import { eq, need, ok, rejects } from '../assert.mjs';
import { CONTROL_KEY } from './fixtures.mjs';

export const checks = [];
const builtin = (name, fn) => checks.push([name, fn]);

builtin('backend', async (lib, ctx) => {
  eq(need(lib, 'cryptoBackendName')(), ctx.expectBackend, 'cryptoBackendName()');
});

builtin('anchor/percent-encoding', async (lib) => {
  const pe = need(lib, 'percentEncode');
  eq(
    pe("AZaz09-._~ !*'()+%/?#[]@&=$,;:"),
    'AZaz09-._~%20%21%2A%27%28%29%2B%25%2F%3F%23%5B%5D%40%26%3D%24%2C%3B%3A',
    'percentEncode(ASCII)',
  );
  eq(pe('é€😀'), '%C3%A9%E2%82%AC%F0%9F%98%80', 'percentEncode(UTF-8)');
  await rejects(lib, 'ERR_ENCODING', () => pe('a\ud800b'), 'percentEncode(lone surrogate)');
});

builtin('anchor/control-published-example', async (lib) => {
  // public-docs-facts.md prints the concatenation; the digest was computed with `openssl dgst -sha1`.
  const fields = { endpointId: 1111, client_orderid: '902B4FF5', amount: '10.42', email: 'john.smith@gmail.com' };
  eq(lib.controlInput('C-B', fields), '1111902B4FF51042john.smith@gmail.com', 'controlInput C-B');
  eq(await need(lib, 'control')('C-B', fields, CONTROL_KEY), 'c6bdd88a78834ef4b863b088827a459f039e8257', 'control C-B');
  eq(
    await lib.control('C-B', { ...fields, endpointId: 1111n }, CONTROL_KEY),
    'c6bdd88a78834ef4b863b088827a459f039e8257',
    'control C-B, bigint endpoint',
  );
  eq(
    await lib.control('C-B', { ...fields, endpointId: '1111' }, CONTROL_KEY),
    'c6bdd88a78834ef4b863b088827a459f039e8257',
    'control C-B, string endpoint',
  );
});

builtin('anchor/oauth-core-1.0-A.5', async (lib) => {
  // OAuth Core 1.0 Appendix A.5; signature recomputed with `openssl dgst -sha1 -hmac`.
  const r = await need(
    lib,
    'signOAuth',
  )({
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
  ok(
    r.authorization.includes('oauth_signature="tR3%2BTy81lMeYAr%2FFid0kMTYa%2FWM%3D"'),
    'signature percent-encoded in the header',
  );
});

builtin('anchor/published-parameter-string', async (lib) => {
  // public-docs-facts.md: the pan-eligibility send example's parameter string.
  const base = need(
    lib,
    'signatureBaseString',
  )({
    method: 'post',
    url: 'HTTPS://Sandbox.Example.com:443/paynet/api/v2/pan-eligibility/send/1',
    params: [
      ['sending-card-ref-id', '7654321'],
      ['client-order-id', '1234567890'],
      ['oauth_consumer_key', 'merchantlogin'],
      ['oauth_nonce', 'y3qlvMPky7g'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '1669966913'],
      ['oauth_version', '1.0'],
      ['oauth_signature', 'must-not-count'],
    ],
  });
  const paramString =
    'client-order-id=1234567890&oauth_consumer_key=merchantlogin&oauth_nonce=y3qlvMPky7g&oauth_signature_method=HMAC-SHA1&oauth_timestamp=1669966913&oauth_version=1.0&sending-card-ref-id=7654321';
  eq(
    base,
    'POST&' +
      percentEncode('https://sandbox.example.com/paynet/api/v2/pan-eligibility/send/1') +
      '&' +
      percentEncode(paramString),
    'base string',
  );
});
