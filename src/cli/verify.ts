/**
 * `paysig verify [file|-] [--explain] [--json] [--base-path P]`: reads a raw HTTP request and
 * says whether it verifies. `--explain` adds the library's diagnosis (`diagnose()`): the
 * operation, the control terms (key masked) or the OAuth parameters and base string, expected
 * against received, the first difference and the known mistakes recognised.
 *
 * @module
 */
import { diagnose, MissingFieldError, PaysigError, REPLAYS_NOT_CHECKED, verifyRequest } from '../index.js';
import { explainLines } from './explain.js';
import { partsOf, readRequest, REQUEST_OPTIONS, requestOf, verifyOptionsOf } from './request-input.js';
import { parseCommand, type Io } from './util.js';

/** Help text of the subcommand. */
export const VERIFY_HELP = `usage: paysig verify [file|-] [--explain] [--json] [--base-path P] [--scheme S]
                     [--url-scheme https|http] [--now T] [--max-skew S]

Reads a raw HTTP request (request line, headers, blank line, body) or a curl command
from the file or standard input and verifies it as the service would. Prints OK, or FAIL and why, and
exits 0 or 1. --explain also prints the diagnosis (see paysig diagnose); --json prints
JSON instead of text. --base-path is the service prefix before /api/...; by default,
whatever precedes the first "/api/" of the request path.

Environment: PAYSIG_CONTROL_KEY or PAYSIG_CONTROL_KEY_FILE, PAYSIG_PUBLIC_KEY_FILE
(RSA-SHA256 operations): the merchant's keys; PAYSIG_LOGIN: the merchant's login
(without it, the merchant is the one the request names, by its login or OAuth
consumer key).`;

/** Runs the subcommand; returns the exit status. */
export async function runVerify(argv: readonly string[], io: Io): Promise<number> {
  const args = parseCommand(argv, { ...REQUEST_OPTIONS, explain: { type: 'boolean' } });
  const raw = await readRequest(args, io);
  const options = verifyOptionsOf(args, raw, io);
  const json = args.flags.has('json');
  if (args.flags.has('explain')) {
    const d = await diagnose(partsOf(raw), options);
    if (json) io.out(JSON.stringify(d, null, 2));
    else for (const line of explainLines(d)) io.out(line);
    return d.valid ? 0 : 1;
  }
  try {
    const ok = await verifyRequest(requestOf(raw), { ...options, nonceStore: REPLAYS_NOT_CHECKED });
    const where = ok.endpointId !== undefined ? `endpoint ${ok.endpointId}` : `group ${ok.endpointGroupId}`;
    io.out(
      json
        ? JSON.stringify({ valid: true, operation: ok.operation.id, scheme: ok.scheme })
        : `OK ${ok.operation.id} (${ok.scheme}) ${where}`,
    );
    return 0;
  } catch (e) {
    if (!(e instanceof PaysigError) || (e instanceof MissingFieldError && e.field === 'PAYSIG_LOGIN')) throw e;
    io.out(
      json
        ? JSON.stringify({ valid: false, error: { code: e.code, message: e.message } })
        : `FAIL ${e.message} (${e.code})`,
    );
    return 1;
  }
}
