/**
 * Runs Python oauthlib 3.2 as an independent reference for RFC 5849 base strings. One process for
 * a whole batch of cases. The interpreter is PAYSIG_PYTHON, which `npm test` sets to a python3
 * that can import oauthlib (scripts/provision.mjs); run alone, the same probe finds one.
 */
import { execFileSync } from 'node:child_process';
import { probe } from '../../scripts/tools.mjs';

export interface BaseCase {
  method: string;
  url: string;
  params: ReadonlyArray<readonly [string, string]>;
}

const SCRIPT = `
import json, sys
from urllib.parse import urlparse
from oauthlib.oauth1.rfc5849 import signature as s
cases = json.loads(sys.stdin.read())
out = []
for c in cases:
    uri = s.base_string_uri(c['url'])
    q = urlparse(c['url']).query
    params = s.collect_parameters(uri_query=q, body=[tuple(p) for p in c['params']], exclude_oauth_signature=True)
    out.append(s.signature_base_string(c['method'], uri, s.normalize_parameters(params)))
sys.stdout.write(json.dumps(out))
`;

let python: string | undefined;

/** oauthlib's signature base string for each case. */
export function oauthlibBaseStrings(cases: readonly BaseCase[]): string[] {
  const out = execFileSync(
    (python ??= process.env['PAYSIG_PYTHON'] ?? probe(['python3'])['python3'] ?? 'python3'),
    ['-c', SCRIPT],
    { input: JSON.stringify(cases), encoding: 'utf8' },
  );
  return JSON.parse(out) as string[];
}
