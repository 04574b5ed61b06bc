// Deno: Deno.serve hands over a Fetch Request, verifyRequest takes it as it is. paysig comes from
// npm (node_modules); on Deno it picks the node:crypto backend (the `deno` condition).
//   PORT=8080 npx deno run --allow-net=127.0.0.1 --allow-env=PORT examples/deno/server.ts
import { httpStatusOf, isPaysigError, verifyRequest } from 'paysig';
import { credentials } from '../merchant.mjs';

Deno.serve({ hostname: '127.0.0.1', port: Number(Deno.env.get('PORT') ?? 8080) }, async (request: Request) => {
  try {
    const { operation, scheme } = await verifyRequest(request, { basePath: '/paynet', credentials });
    return Response.json({ operation: operation.id, scheme }); // a real server processes it here
  } catch (error) {
    return Response.json(
      { error: isPaysigError(error) ? error.code : 'ERR_INTERNAL' },
      { status: httpStatusOf(error) },
    );
  }
});
