// Deno: Deno.serve takes the Fetch wrapper as its handler. paysig comes from npm (node_modules);
// on Deno it picks the node:crypto backend (the `deno` condition).
//   PORT=8080 npx deno run --allow-net=127.0.0.1 --allow-env=PORT examples/deno/server.ts
import { createVerifier, withVerifiedRequest } from 'paysig';
import { credentials } from '../merchant.mjs';

const verifier = createVerifier({ basePath: '/paynet', credentials }); // checked now; owns its nonce store
Deno.serve(
  { hostname: '127.0.0.1', port: Number(Deno.env.get('PORT') ?? 8080) },
  withVerifiedRequest(
    verifier,
    (verified) => Response.json({ operation: verified.operationId, scheme: verified.scheme }), // process it here
  ),
);
