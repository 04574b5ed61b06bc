// A Cloudflare Worker (workerd): the Fetch wrapper is the whole fetch handler. paysig resolves to
// its WebCrypto backend here (the `workerd` runtime sets none of the node/deno/bun conditions).
// Bundle, then serve: see examples/README.md.
import { createVerifier, withVerifiedRequest } from 'paysig';
import { credentials } from '../merchant.mjs';

// Made once per isolate, at the first request: a Worker may not draw random values in global
// scope, and the memory nonce store the verifier makes for itself draws its hash seed when made.
// That store lives as long as the isolate; a fleet of Workers shares replay memory only through
// a store it is given (see docs/verifying.md).
let handle;
export default {
  fetch(request, env, ctx) {
    handle ??= withVerifiedRequest(
      createVerifier({ basePath: '/paynet', credentials }),
      (verified) => Response.json({ operation: verified.operationId, scheme: verified.scheme }), // process it here
    );
    return handle(request, env, ctx);
  },
};
