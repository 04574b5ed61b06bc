// A Cloudflare Worker (workerd): the Fetch wrapper is the whole fetch handler. paysig resolves to
// its WebCrypto backend here (the `workerd` runtime sets none of the node/deno/bun conditions).
// Bundle, then serve: see examples/README.md.
import { createVerifier, withVerifiedRequest } from 'paysig';
import { credentials } from '../merchant.mjs';

// Made once per isolate: the nonce store it owns lives as long as the isolate (a fleet of
// Workers shares replay memory only through a store you give it: see docs/verifying.md).
const verifier = createVerifier({ basePath: '/paynet', credentials });
export default {
  fetch: withVerifiedRequest(
    verifier,
    (verified) => Response.json({ operation: verified.operationId, scheme: verified.scheme }), // process it here
  ),
};
