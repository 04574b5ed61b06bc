// Type-level test, checked by `npm run typecheck` (tsconfig.json includes test/): a Hono handler
// answers a refusal with `c.body(null, httpStatusOf(e))`. Hono types the status as its
// ContentfulStatusCode/StatusCode union, so a `number` does not fit (the @ts-expect-error line proves
// the check bites); httpStatusOf's HttpErrorStatus does.
import { Hono } from 'hono';
import { httpStatusOf, verifyRequest } from '../../src/index.js';

const app = new Hono();
app.post('/paynet/api/*', async (c) => {
  try {
    const verified = await verifyRequest(c.req.raw, { basePath: '/paynet', credentials: () => undefined });
    return c.json({ operation: verified.operation.id });
  } catch (e) {
    if (e instanceof TypeError) {
      const status: number = 500;
      // @ts-expect-error a plain number is not a Hono status code
      return c.body(null, status);
    }
    return c.body(null, httpStatusOf(e));
  }
});

export { app };
