/**
 * A refusal as the service answers one: the status of `httpStatusOf`, and a body in the service's
 * error shape, form-encoded or JSON after the client's `Accept`. Shared by the Fetch handlers and
 * the Node middleware. Internal.
 *
 * @module
 */
import { httpStatusOf, type HttpErrorStatus } from '../errors/handling.js';
import { ConfigurationError, HttpMethodNotAllowedError, PaysigError } from '../errors/index.js';
import { formatForm } from '../encoding/form.js';
import { negotiateAccept } from './accept.js';
import { ACCEPT, FORM_CONTENT_TYPE } from './media-types.js';

/** Status, headers and body of a refusal. @internal */
export interface Refusal {
  readonly status: HttpErrorStatus;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** The body's format: JSON when `Accept` negotiates it, else the service's form-encoded default. */
function formatOf(accept: string | null): 'json' | 'form' {
  try {
    return negotiateAccept(accept, 'negotiate');
  } catch {
    return 'form'; // an Accept that allows neither format (406) gets the default
  }
}

/**
 * The answer to `error`: `type` (`validation-error` for a 400, else `error`, the service's two
 * error types), `error-message` (the paysig message: it never holds a secret) and `error-code`
 * (paysig's stable code; the service's own codes are not published). A 500 (an error that is not
 * paysig's, a `ConfigurationError`, a key problem: the server's own failures) has a generic
 * message and the code `ERR_INTERNAL`: its detail stays in the server's logs. `Allow` on a 405.
 * @internal
 */
export function refusalOf(error: unknown, accept: string | null): Refusal {
  const status = httpStatusOf(error);
  // A 500 is the server's own failure (its configuration, a callback, a key): the client learns
  // nothing of it; the error, with its detail, reaches onRefused and the server's log.
  const told = status !== 500 && error instanceof PaysigError;
  const fields: Array<[string, string]> = [
    ['type', status === 400 ? 'validation-error' : 'error'],
    ['error-message', told ? error.message : 'internal error'],
    ['error-code', told ? error.code : 'ERR_INTERNAL'],
  ];
  const json = formatOf(accept) === 'json';
  const headers: Record<string, string> = {
    'content-type': `${json ? ACCEPT : FORM_CONTENT_TYPE}; charset=utf-8`,
    'cache-control': 'no-store',
  };
  if (error instanceof HttpMethodNotAllowedError) headers['allow'] = error.allow;
  return { status, headers, body: json ? JSON.stringify(Object.fromEntries(fields)) : formatForm(fields) };
}

/** Calls the caller's `onRefused`, never letting it change the answer (its errors are dropped). @internal */
export async function report<R>(
  onRefused: ((error: unknown, request: R) => void | Promise<void>) | undefined,
  error: unknown,
  request: R,
): Promise<void> {
  if (onRefused === undefined) return;
  try {
    await onRefused(error, request);
  } catch {
    // A failing logger must not turn a refusal into a crash or change its status.
  }
}

/** Refuses, when a callback middleware is created, options without a control key. @internal */
export function checkCallbackOptions(options: unknown, factory: string): void {
  const o = options as { controlKey?: unknown } | null;
  if (o === null || typeof o !== 'object' || typeof o.controlKey !== 'string' || o.controlKey === '') {
    throw new ConfigurationError(`${factory} needs options with a non-empty controlKey`, { field: 'controlKey' });
  }
}
