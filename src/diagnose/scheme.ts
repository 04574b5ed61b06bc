/**
 * What `diagnose` tries, per scheme: the third part of a scheme beside how it signs and how it
 * verifies (`schemes/types.ts`). `diagnose` finds a scheme's diagnoser by its kind, as the request
 * pipeline finds its signer and verifier, and never branches on which scheme it is. Internal.
 *
 * The diagnosers live here rather than in `schemes/<kind>/`: a diagnosis is built on top of
 * `verifyRequest` and writes the types of {@link Diagnosis}, so in the scheme folders they would
 * import up the layers, and a bundle that verifies must never carry diagnosis text.
 *
 * @module
 */
import type { Operation } from '../catalog/index.js';
import type { VerifyRequestOptions } from '../request/verify.js';
import type { Endpoint } from '../schemes/types.js';
import type { Diagnosis } from './diagnosis.js';
import type { CredentialsLookup } from './lookup.js';

/** The request as a scheme's diagnosis reads it, with the deployment's settings. */
export interface DiagnoseInput {
  readonly operation: Operation;
  readonly endpoint: Endpoint;
  /** HTTP method as received. */
  readonly method: string;
  /** The URL the client signed (the `url` option, else the request's). */
  readonly url: string;
  readonly headers: Headers;
  /** Body pairs as sent (decoded, not trimmed). */
  readonly raw: ReadonlyArray<readonly [string, string]>;
  /** The same pairs trimmed as the service trims them. */
  readonly trimmed: ReadonlyArray<readonly [string, string]>;
  /** The options `diagnose` was given. */
  readonly options: Omit<VerifyRequestOptions, 'nonceStore'>;
  /** The merchant's secrets, looked up once per distinct query. */
  readonly lookup: CredentialsLookup;
}

/** What a scheme's diagnosis adds to the {@link Diagnosis}. */
export type SchemeDiagnosis = Pick<Diagnosis, 'control' | 'oauth' | 'hints' | 'difference' | 'problem' | 'keys'>;

/** How a scheme explains a request: its work shown, and the known mistakes it confirms. */
export interface SchemeDiagnoser<A> {
  diagnose(auth: A, input: DiagnoseInput): Promise<SchemeDiagnosis>;
}
