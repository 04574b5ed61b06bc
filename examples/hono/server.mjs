// Hono on Node (@hono/node-server): the Fetch wrapper takes Hono's Request (c.req.raw) as it is,
// calls the handler with the verified result, and answers refusals itself.
//   PORT=8080 node examples/hono/server.mjs
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createVerifier, withVerifiedRequest } from 'paysig';
import { credentials } from '../merchant.mjs';

const verifier = createVerifier({ basePath: '/paynet', credentials }); // checked now; owns its nonce store
const handle = withVerifiedRequest(
  verifier,
  (verified) => Response.json({ operation: verified.operationId, scheme: verified.scheme }), // process it here
);
const app = new Hono();
app.all('/paynet/api/*', (c) => handle(c.req.raw)); // all methods: another than POST gets 405

serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT ?? 8080) }, (info) =>
  console.log(`listening on http://127.0.0.1:${info.port}`),
);
