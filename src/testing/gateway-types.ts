/**
 * The shapes of the test gateway (`createTestGateway`): its options, the merchants it knows, what
 * it records and what it answers. Types only.
 *
 * @module
 */
import type { CryptoKeyLike } from '../crypto/key-like.js';
import type { Diagnosis } from '../diagnose/diagnosis.js';
import type { CallbackStatus } from '../request/callback.js';
import type { VerifiedRequest } from '../request/verify.js';

/** A merchant the gateway knows. */
export interface TestMerchant {
  /** Merchant login (the `login` field, and the OAuth consumer key). */
  login: string;
  /** The merchant's endpoint ids; a request to another endpoint is refused (default: any). */
  endpointIds?: readonly string[];
  /** The merchant's endpoint group ids (default: any). */
  endpointGroupIds?: readonly string[];
  /** Control key: control digests, HMAC-SHA1, and the callbacks the gateway sends. */
  controlKey?: string;
  /** RSA public key (PEM or `CryptoKey`) for RSA-SHA256 operations. */
  publicKey?: string | CryptoKeyLike;
}

/** Options of {@link createTestGateway}. */
export interface TestGatewayOptions {
  /** The merchants the gateway accepts. */
  merchants: readonly TestMerchant[];
  /** Path prefix in front of `/api/...` (default `'/paynet'`, as the service's URLs have). */
  basePath?: string;
  /** Clock in seconds for OAuth timestamps (default: now). */
  now?: () => number;
  /**
   * Which callback hosts the gateway may call (default: loopback only: `localhost`, `127.0.0.0/8`,
   * `[::1]`), so a test never sends a request off the machine.
   */
  allowCallbackHost?: (hostname: string) => boolean;
  /**
   * How many requests {@link TestGateway.requests} keeps, the oldest dropped first (default
   * 1,000); accepted orders kept for callbacks are bounded at ten times as many. A gateway left
   * running under a flood holds bounded memory.
   */
  maxRecorded?: number;
  /**
   * Also show, in each refusal's explanation (the `X-Paysig-Explanation` header, the record, the
   * CLI's line), the control digest or HMAC signature the request should have carried (default
   * false). Anyone who can read it can then send a request that passes: the gateway becomes a
   * signing oracle. For local debugging only.
   */
  revealExpected?: boolean;
}

/** One request the gateway received, as recorded for assertions. */
export interface RecordedRequest {
  /** HTTP method. */
  readonly method: string;
  /** URL as received. */
  readonly url: string;
  /** The body as text. */
  readonly body: string;
  /** The catalog id of the operation, when the path named one. */
  readonly operationId?: string;
  /** True when the request verified. */
  readonly accepted: boolean;
  /** The HTTP status answered. */
  readonly status: number;
  /** The fields answered (success or error shape). */
  readonly response: ReadonlyArray<readonly [string, string]>;
  /** The verified request, when accepted. */
  readonly verified?: VerifiedRequest;
  /**
   * Why it was refused, when refused: the full diagnosis (no secret in it, but the digest that
   * would pass: keep it in the test process). Its `error` is the refusal's, also where
   * `diagnose()` alone passes the request (a replay: it checks no nonce). Absent when the body
   * was not read whole (413, 408): `explanation` then says why.
   */
  readonly diagnosis?: Diagnosis;
  /** Why it was refused, in one line (also sent in the `X-Paysig-Explanation` header). */
  readonly explanation?: string;
}

/** The answer to {@link TestGateway.sendCallback}. */
export interface DeliveredCallback {
  /** The URL called (with the signed query for a GET). */
  readonly url: string;
  /** The HTTP status the merchant answered. */
  readonly status: number;
}

/** A test gateway: a Fetch handler plus what it recorded. */
export interface TestGateway {
  /** Handles one request (bind-free: pass it to a server as it is). */
  readonly fetch: (request: Request) => Promise<Response>;
  /** Every request so far, oldest first. */
  readonly requests: readonly RecordedRequest[];
  /**
   * Sends the signed callback of an accepted request to its `server_callback_url`, as the service
   * does when the transaction ends, and remembers the status for the `status` operation.
   * @param paynetOrderId - the `paynet-order-id` the gateway answered.
   * @param status - the final status to report (default `approved`).
   */
  sendCallback(paynetOrderId: string, status?: CallbackStatus): Promise<DeliveredCallback>;
}
