// Hono on Node (@hono/node-server): Hono hands over the Fetch Request as c.req.raw, so
// verifyRequest takes it as it is. Run: PORT=8080 node examples/hono/server.mjs
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { httpStatusOf, isPaysigError, verifyRequest } from 'paysig';
import { credentials } from '../merchant.mjs';

const app = new Hono();
app.post('/paynet/api/*', async (c) => {
  try {
    const { operation, scheme } = await verifyRequest(c.req.raw, { basePath: '/paynet', credentials });
    return c.json({ operation: operation.id, scheme }); // a real server processes the operation here
  } catch (error) {
    return c.json({ error: isPaysigError(error) ? error.code : 'ERR_INTERNAL' }, httpStatusOf(error));
  }
});

serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT ?? 8080) }, (info) =>
  console.log(`listening on http://127.0.0.1:${info.port}`),
);
