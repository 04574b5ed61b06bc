/**
 * `paysig diagnose [file|-] [--json]`: why a raw HTTP request is refused, from the library's
 * `diagnose()`. Exits 0 when the request verifies, 1 when it does not.
 *
 * @module
 */
import { diagnose } from '../index.js';
import { explainLines } from './explain.js';
import { partsOf, readRequest, REQUEST_OPTIONS, verifyOptionsOf } from './request-input.js';
import { parseCommand, type Io } from './util.js';

/** Help text of the subcommand. */
export const DIAGNOSE_HELP = `usage: paysig diagnose [file|-] [--json] [--base-path P] [--scheme S]
                       [--url-scheme https|http] [--now T] [--max-skew S]

Reads a raw HTTP request or a curl command (curl -X POST URL -H ... -d ..., quoted as
a shell would) from the file or standard input and explains what the verifier sees: the operation and scheme; the control formula's terms (the key shown as
<control key>) or every OAuth parameter with where it came from and the base string;
expected against received digest or signature; the first difference; and the known
mistakes it recognises by recomputing them (amount through a float, untrimmed values,
oauth_* encoded or counted twice, a key of the wrong kind, a stale timestamp, login and
consumer key apart; behind a proxy, the URL the client signed; the HMAC key with '&'
doubled or missing). Line breaks after the Content-Length bytes are dropped; a
Content-Length that disagrees with the body otherwise (an edited file) is reported on
stderr and the whole body is used. --json prints the diagnosis as JSON. Exit status: 0 when the request
verifies, 1 when it does not, 2 for a usage error.

Environment: PAYSIG_CONTROL_KEY or PAYSIG_CONTROL_KEY_FILE, PAYSIG_PUBLIC_KEY_FILE
(RSA-SHA256 operations): the merchant's keys; PAYSIG_LOGIN: the merchant's login
(without it, the merchant is the one the request names, by its login or OAuth
consumer key). Secrets are never printed.`;

/** Runs the subcommand; returns the exit status. */
export async function runDiagnose(argv: readonly string[], io: Io): Promise<number> {
  const args = parseCommand(argv, REQUEST_OPTIONS);
  const raw = await readRequest(args, io);
  const d = await diagnose(partsOf(raw), verifyOptionsOf(args, raw, io));
  if (args.flags.has('json')) io.out(JSON.stringify(d, null, 2));
  else for (const line of explainLines(d)) io.out(line);
  return d.valid ? 0 : 1;
}
