// Bun: Bun.serve takes the Fetch wrapper as its fetch handler. On Bun paysig picks the node:crypto
// backend (the `bun` condition).   PORT=8080 npx bun examples/bun/server.ts
import { withVerifiedRequest } from 'paysig';
import { credentials } from '../merchant.mjs';

const server = Bun.serve({
  hostname: '127.0.0.1',
  port: Number(process.env.PORT ?? 8080),
  fetch: withVerifiedRequest(
    { basePath: '/paynet', credentials },
    (verified) => Response.json({ operation: verified.operationId, scheme: verified.scheme }), // process it here
  ),
});
console.log(`listening on ${server.url}`);
