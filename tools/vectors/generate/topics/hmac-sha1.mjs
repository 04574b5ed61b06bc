// Generator topic hmac-sha1.json: HMAC-SHA1 keys and signatures over base strings of base-string.json.
// Interface: see generate.mjs.
import { assemble, compute, hmacNaive, mustEqual, resultOf, vectorFile } from '../support.mjs';
import { CB_KEY, bases } from '../requests.mjs';

export async function generate() {
  const BASES = bases();
  const h = (id, description, source, baseString, consumerSecret, tokenSecret) => ({
    id,
    description,
    source,
    baseString,
    consumerSecret,
    tokenSecret,
  });
  // biome-ignore format: a table, one case per line
  const defs = [
    h('oauth-core-a-5', 'OAuth Core 1.0 A.5.2: the published signature tR3+Ty81lMeYAr/Fid0kMTYa/WM=', 'R-OAUTH-CORE-A.5', BASES.a5, 'kd94hf93k423kf44', 'pfkkdhi9sl3r4s00'),
    h('rfc5849-3-4-1-erratum', 'RFC 5849 3.4.1 base string with secrets j49sk3j29djd / dh893hdasih9: the RFC prints bYT5CMsGcbgUdFHObYMEfcx6bsw=, a known erratum; this is the independently computed value', 'R-5849-3.4.1; R-5849-ERRATUM-2550', BASES.rfc, 'j49sk3j29djd', 'dh893hdasih9'),
    h('service-pan-eligibility', "the service's parameter-string example signed with a control key and an empty token secret", 'D-PAN-EXAMPLE; D-HMAC-KEY', BASES.pan, CB_KEY, ''),
    h('secrets-with-reserved-chars', 'both secrets are percent-encoded before they are joined with &', 'R-5849-3.4.2', BASES.pan, 'a&b=c d', 'x/y+z'),
    h('unicode-secret', 'a non-ASCII secret is percent-encoded as UTF-8 in the key', 'R-5849-3.4.2', BASES.unicode, 'clé€', ''),
    h('empty-secrets', 'both secrets empty: the key is "&"', 'R-5849-3.4.2', BASES.rfc, '', ''),
  ];
  const results = compute(defs, {
    task: () => 'hmac',
    fns: { hmac: hmacNaive },
    py: (d) => ({ baseString: d.baseString, consumerSecret: d.consumerSecret, tokenSecret: d.tokenSecret }),
  });
  const at = (id) => resultOf(defs, results, id);
  mustEqual('OAuth Core 1.0 A.5.2 signature', at('oauth-core-a-5').signature, 'tR3+Ty81lMeYAr/Fid0kMTYa/WM=');
  mustEqual('RFC 5849 erratum 2550 signature', at('rfc5849-3-4-1-erratum').signature, 'r6/TJjbCOr97/+UU0NsvSne7s5g=');
  return vectorFile(
    'hmac-sha1',
    'HMAC-SHA1 of RFC 5849 3.4.2: key = pe(consumerSecret) + "&" + pe(tokenSecret); signature = Base64 of the raw HMAC-SHA1 of the UTF-8 base string (not percent-encoded).',
    assemble(defs, results, (ok) => ({ key: ok.key, signature: ok.signature })),
  );
}
