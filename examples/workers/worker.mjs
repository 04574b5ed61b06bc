// A Cloudflare Worker (workerd): the Fetch wrapper is the whole fetch handler. paysig resolves to
// its WebCrypto backend here (the `workerd` runtime sets none of the node/deno/bun conditions).
// Bundle, then serve: see examples/README.md.
import { withVerifiedRequest } from 'paysig';
import { credentials } from '../merchant.mjs';

export default {
  fetch: withVerifiedRequest(
    { basePath: '/paynet', credentials },
    (verified) => Response.json({ operation: verified.operationId, scheme: verified.scheme }), // process it here
  ),
};
