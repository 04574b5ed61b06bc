// Express 5: one app.use(...) line verifies every request to /paynet/api/...; the routes after it
// read the verified result. Refusals are answered by the middleware (status, error shape, Allow).
//   PORT=8080 node examples/express/server.mjs
import express from 'express';
import { createVerifier } from 'paysig';
import { createMiddleware, verifiedOf } from 'paysig/node';
import { credentials } from '../merchant.mjs';

const app = express();
// One verifier for the deployment: its settings are checked here, and it owns its nonce store.
const verifier = createVerifier({
  basePath: '/paynet',
  credentials,
  onRefused: (e) => console.warn('refused:', e.code),
});
app.use(createMiddleware(verifier));
// Express 5 names the wildcard; on Express 4 the route is '/paynet/api/*'.
app.post('/paynet/api/*path', (req, res) => {
  const { operationId, scheme } = verifiedOf(req);
  res.json({ operation: operationId, scheme }); // a real server processes the operation here
});
const server = app.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () =>
  console.log(`listening on http://127.0.0.1:${server.address().port}`),
);
