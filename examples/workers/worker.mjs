// A Cloudflare Worker (workerd): the fetch handler gets a Fetch Request, verifyRequest takes it as
// it is. paysig resolves to its WebCrypto backend here (the `workerd` runtime sets none of the
// node/deno/bun conditions). Bundle, then serve: see examples/README.md.
import { httpStatusOf, isPaysigError, verifyRequest } from 'paysig';
import { credentials } from '../merchant.mjs';

export default {
  async fetch(request) {
    try {
      const { operation, scheme } = await verifyRequest(request, { basePath: '/paynet', credentials });
      return Response.json({ operation: operation.id, scheme }); // a real worker processes it here
    } catch (error) {
      return Response.json(
        { error: isPaysigError(error) ? error.code : 'ERR_INTERNAL' },
        { status: httpStatusOf(error) },
      );
    }
  },
};
