// Koa: no body parser in front (verifyIncoming reads the raw form body from ctx.req).
//   PORT=8080 node examples/koa/server.mjs
import Koa from 'koa';
import { httpStatusOf, isPaysigError } from 'paysig';
import { verifyIncoming } from 'paysig/node';
import { credentials } from '../merchant.mjs';

const app = new Koa();
app.use(async (ctx) => {
  try {
    const { operation, scheme } = await verifyIncoming(ctx.req, { basePath: '/paynet', credentials });
    ctx.body = { operation: operation.id, scheme }; // a real server processes the operation here
  } catch (error) {
    ctx.status = httpStatusOf(error);
    ctx.body = { error: isPaysigError(error) ? error.code : 'ERR_INTERNAL' };
  }
});
const server = app.listen(Number(process.env.PORT ?? 8080), '127.0.0.1', () =>
  console.log(`listening on http://127.0.0.1:${server.address().port}`),
);
