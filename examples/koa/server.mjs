// Koa: the middleware verifies every request to /paynet/api/... and puts the result on
// ctx.state.paysig (typed: verifiedOf(ctx)). No body parser in front of it.
//   PORT=8080 node examples/koa/server.mjs
import Koa from 'koa';
import { createVerifier } from 'paysig';
import { createKoaMiddleware, verifiedOf } from 'paysig/node';
import { credentials } from '../merchant.mjs';

const app = new Koa();
const verifier = createVerifier({ basePath: '/paynet', credentials }); // checked now; owns its nonce store
app.use(createKoaMiddleware(verifier));
app.use((ctx) => {
  const { operationId, scheme } = verifiedOf(ctx);
  ctx.body = { operation: operationId, scheme }; // a real server processes the operation here
});
const server = app.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () =>
  console.log(`listening on http://127.0.0.1:${server.address().port}`),
);
