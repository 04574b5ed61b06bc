/**
 * `createTestGateway`: a stand-in for the service, for a merchant's tests. It verifies every
 * catalog operation exactly as `verifyRequest` does (Accept negotiation, trimming, replay),
 * answers in the service's shape, explains every refusal to the developer, records every
 * request, and delivers signed callbacks to the merchant's `server_callback_url`.
 *
 * Made-up values, labelled as such: `paynet-order-id` counts up from 1000, `serial-number` is
 * random hex, `status` is `processing` until a callback says otherwise, `card-ref-id` is
 * `test-card-ref-<n>`. Field names come from the service's public documentation.
 *
 * @module
 */
import { diagnose } from '../diagnose/index.js';
import type { Diagnosis } from '../diagnose/diagnosis.js';
import { InvalidInputError, PaysigError } from '../errors/index.js';
import { ACCEPT } from '../request/media-types.js';
import { readBody } from '../request/body.js';
import {
  DEFAULT_MAX_BODY_BYTES,
  verifyRequest,
  type CredentialsQuery,
  type VerifiedRequest,
} from '../request/verify.js';
import { MemoryNonceStore } from '../stores/memory/index.js';
import type { CallbackStatus } from '../request/callback.js';
import { signCallback } from './callback.js';
import { explain } from './explain.js';
import { refusalOf } from '../request/refusal.js';
import { parseForm } from '../encoding/form.js';
import { headerText, loopback, reply, successFields } from './reply.js';
import type {
  DeliveredCallback,
  RecordedRequest,
  TestGateway,
  TestGatewayOptions,
  TestMerchant,
} from './gateway-types.js';

/** The message of a refusal whose error is not a PaysigError (the answer is a 500 ERR_INTERNAL). */
const INTERNAL =
  'internal error: verifying failed with an error that is not a PaysigError (check the merchants option and the nonce store)';

/**
 * A stand-in for the service that checks signatures exactly as `verifyRequest` does, offline.
 * Serve it with `serve` from `paysig/node` (or any server that takes a Fetch handler), point the
 * merchant's client at it, and assert on {@link TestGateway.requests}.
 *
 * @example
 * ```ts
 * import { createTestGateway } from 'paysig/testing';
 * import { serve } from 'paysig/node';
 *
 * const gateway = createTestGateway({ merchants: [{ login: 'merchant', endpointIds: ['1111'], controlKey }] });
 * const server = await serve(gateway.fetch, { port: 0 });
 * // ... run the client against `${server.url}/paynet/api/v2/sale/1111` ...
 * console.log(gateway.requests.at(-1)?.explanation);
 * await server.close();
 * ```
 */
export function createTestGateway(options: TestGatewayOptions): TestGateway {
  if (options === null || typeof options !== 'object' || !Array.isArray(options.merchants)) {
    throw new InvalidInputError('createTestGateway needs { merchants: [...] }', { field: 'merchants' });
  }
  const merchants = [...options.merchants];
  const basePath = options.basePath ?? '/paynet';
  const revealExpected = options.revealExpected === true;
  const allowHost = options.allowCallbackHost ?? loopback;
  const nonceStore = new MemoryNonceStore();
  const maxRecorded = options.maxRecorded ?? 1000;
  if (!Number.isSafeInteger(maxRecorded) || maxRecorded < 1) {
    throw new InvalidInputError('maxRecorded must be a positive whole number', { field: 'maxRecorded' });
  }
  const requests: RecordedRequest[] = [];
  const recordRequest = (r: RecordedRequest): void => {
    requests.push(r);
    if (requests.length > maxRecorded) requests.shift();
  };
  const orders = new Map<
    string,
    { merchant: TestMerchant; operationId: string; fields: Map<string, string>; status: string }
  >();
  let nextOrder = 1000;

  const merchantOf = (who: CredentialsQuery): TestMerchant | undefined => {
    const login = who.login ?? who.consumerKey;
    const owns = (m: TestMerchant): boolean =>
      (who.endpointId === undefined || m.endpointIds === undefined || m.endpointIds.includes(who.endpointId)) &&
      (who.endpointGroupId === undefined ||
        m.endpointGroupIds === undefined ||
        m.endpointGroupIds.includes(who.endpointGroupId));
    const found = login !== undefined ? merchants.filter((m) => m.login === login) : merchants;
    return found.find(owns);
  };
  const credentials = (who: CredentialsQuery) => {
    const m = merchantOf(who);
    if (m === undefined) return undefined;
    return {
      ...(m.controlKey !== undefined ? { controlKey: m.controlKey } : {}),
      ...(m.publicKey !== undefined ? { publicKey: m.publicKey } : {}),
    };
  };
  const verifyOptions = () => ({
    basePath,
    credentials,
    nonceStore,
    ...(options.now !== undefined ? { now: options.now() } : {}),
  });

  const accept = (verified: VerifiedRequest, record: Omit<RecordedRequest, 'accepted' | 'status' | 'response'>) => {
    const fields = new Map(verified.signedParams.map((p) => [p.name, p.value] as const));
    const login = verified.login ?? verified.consumerKey;
    const merchant = merchantOf({
      operation: verified.operation,
      ...(login !== undefined ? { login } : {}),
      ...(verified.endpointId !== undefined ? { endpointId: verified.endpointId } : {}),
      ...(verified.endpointGroupId !== undefined ? { endpointGroupId: verified.endpointGroupId } : {}),
    });
    const id = verified.operation.id;
    const known = fields.get('orderid');
    const order = known !== undefined && orders.has(known) ? known : String(nextOrder++);
    if (!orders.has(order) && merchant !== undefined) {
      orders.set(order, { merchant, operationId: id, fields, status: 'processing' });
      if (orders.size > maxRecorded * 10) orders.delete(orders.keys().next().value as string);
    }
    const response = successFields({
      operationId: id,
      status: orders.get(order)?.status ?? 'processing',
      order,
      merchantOrderId: fields.get('client_orderid') ?? fields.get('client-order-id') ?? '',
      endpoint: verified.endpointId ?? verified.endpointGroupId,
    });
    recordRequest({ ...record, verified, accepted: true, status: 200, response });
    return reply(response, 200, verified.responseFormat);
  };

  const fetch = async (request: Request): Promise<Response> => {
    let body = '';
    let bodyRead = request.method === 'GET' || request.method === 'HEAD';
    let record: Omit<RecordedRequest, 'accepted' | 'status' | 'response'> = {
      method: request.method,
      url: request.url,
      body,
    };
    try {
      if (!bodyRead) body = await readBody(request, DEFAULT_MAX_BODY_BYTES);
      bodyRead = true;
      record = { ...record, body };
      const copy = (): Request =>
        new Request(request.url, {
          method: request.method,
          headers: request.headers,
          ...(request.method !== 'GET' && request.method !== 'HEAD' ? { body } : {}),
        });
      const verified = await verifyRequest(copy(), verifyOptions());
      return accept(verified, { ...record, operationId: verified.operation.id });
    } catch (error) {
      // The refusal as the middleware answers it (status, the service's error shape, Allow on 405).
      const refusal = refusalOf(error, request.headers.get('accept'));
      const status = refusal.status;
      // The refusal's own error, which the record and the explanation carry whatever diagnose()
      // finds (it reads the clock again, and checks no nonce). An error that is not a
      // PaysigError (thrown by the credentials callback or the store) is the 500 ERR_INTERNAL.
      const actual =
        error instanceof PaysigError
          ? { code: error.code, message: error.message.slice(0, 1000), status }
          : { code: 'ERR_INTERNAL', message: INTERNAL, status };
      // A body that was not read whole (too large, too slow) is explained by its own error:
      // diagnosing the empty rest would name a missing field.
      let diagnosis: Diagnosis | undefined;
      if (bodyRead) {
        const { nonceStore: _unused, ...diagnoseOptions } = verifyOptions();
        diagnosis = await diagnose(
          { method: request.method, url: request.url, headers: request.headers, body },
          diagnoseOptions,
        ).catch(() => undefined);
        // The refusal is what happened: a replay verifies in diagnose(), and a clock read again
        // can give another offset or even another outcome.
        if (diagnosis !== undefined) diagnosis = { ...diagnosis, valid: false, error: actual };
      }
      const explanation = explain(
        diagnosis ?? { valid: false, error: actual, request: { method: request.method, url: request.url }, hints: [] },
        { revealExpected },
      );
      const response: Array<[string, string]> = refusal.headers['content-type']?.startsWith(ACCEPT)
        ? Object.entries(JSON.parse(refusal.body) as Record<string, string>)
        : parseForm(refusal.body);
      recordRequest({
        ...record,
        ...(diagnosis?.operation !== undefined ? { operationId: diagnosis.operation.id } : {}),
        accepted: false,
        status,
        response,
        ...(diagnosis !== undefined ? { diagnosis } : {}),
        explanation,
      });
      return new Response(refusal.body, {
        status,
        headers: { ...refusal.headers, 'X-Paysig-Explanation': headerText(explanation) },
      });
    }
  };

  const sendCallback = async (
    paynetOrderId: string,
    status: CallbackStatus = 'approved',
  ): Promise<DeliveredCallback> => {
    const order = orders.get(paynetOrderId);
    if (order === undefined) {
      throw new InvalidInputError(`no accepted request has paynet-order-id ${JSON.stringify(paynetOrderId)}`, {
        field: 'paynetOrderId',
      });
    }
    const url = order.fields.get('server_callback_url');
    if (url === undefined) {
      throw new InvalidInputError('that request sent no server_callback_url', { field: 'server_callback_url' });
    }
    const controlKey = order.merchant.controlKey;
    if (controlKey === undefined) {
      throw new InvalidInputError('the merchant has no control key to sign callbacks with', { field: 'controlKey' });
    }
    let host: string;
    try {
      host = new URL(url).hostname;
    } catch {
      throw new InvalidInputError('server_callback_url is not an absolute URL', { field: 'server_callback_url' });
    }
    if (!allowHost(host)) {
      throw new InvalidInputError(
        `the test gateway calls only loopback hosts, not ${JSON.stringify(host)} (option allowCallbackHost)`,
        { field: 'server_callback_url' },
      );
    }
    const merchantOrder = order.fields.get('client_orderid') ?? order.fields.get('client-order-id') ?? '';
    const amount = order.fields.get('amount');
    const signed = await signCallback(
      {
        status,
        orderid: paynetOrderId,
        client_orderid: merchantOrder,
        ...(amount !== undefined ? { amount } : {}),
        type: order.operationId,
      },
      controlKey,
      { url },
    );
    order.status = status;
    const answer = await globalThis.fetch(signed.request(), { redirect: 'manual' });
    await answer.body?.cancel();
    return { url: signed.url, status: answer.status };
  };

  return {
    fetch,
    get requests() {
      return requests;
    },
    sendCallback,
  };
}
