// Bun: Bun.serve takes the Fetch wrapper as its fetch handler. On Bun paysig picks the node:crypto
// backend (the `bun` condition).   PORT=8080 npx bun examples/bun/server.ts
import { createVerifier, withVerifiedRequest } from 'paysig';
import { credentials } from '../merchant.mjs';

const verifier = createVerifier({ basePath: '/paynet', credentials }); // checked now; owns its nonce store
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: Number(process.env.PORT ?? 8080),
  fetch: withVerifiedRequest(
    verifier,
    (verified) => Response.json({ operation: verified.operationId, scheme: verified.scheme }), // process it here
  ),
});
console.log(`listening on ${server.url}`);
