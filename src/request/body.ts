/**
 * The request body of `verifyRequest`: its declared media type and a bounded, strict UTF-8
 * read. Internal.
 *
 * @module
 */
import { bodyText, concatBytes } from '../encoding/bytes.js';
import { BodyConsumedError, BodyTooLargeError, ConfigurationError, MediaTypeError } from '../errors/index.js';
import { FORM_CONTENT_TYPE } from './media-types.js';

/** Reads the body as UTF-8, refusing more than `max` bytes (declared or counted) before holding them. */
export async function readBody(request: Request, max: number): Promise<string> {
  if (request.bodyUsed)
    throw new BodyConsumedError(
      'the request body was already read: pass verifyRequest a fresh Request (or request.clone() before reading it)',
    );
  // No Content-Length reads as "undefined", which is not digits (as in paysig/node's reader).
  const declared = String(request.headers.get('content-length')?.trim());
  if (/^[0-9]+$/.test(declared) && Number(declared) > max) {
    throw new BodyTooLargeError(max);
  }
  const stream = request.body;
  if (stream === null) return '';
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!(value instanceof Uint8Array)) {
      // A platform's Request yields bytes; anything else (strings, ArrayBuffers) has no size to
      // count: the server's request object is at fault, not the client.
      await reader.cancel().catch(() => undefined);
      throw new ConfigurationError('the request body stream yielded a chunk that is not a Uint8Array', {
        field: 'body',
      });
    }
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(max);
    }
    chunks.push(value);
  }
  return bodyText(chunks.length === 1 ? chunks[0]! : concatBytes(chunks, total));
}

/** `application/x-www-form-urlencoded`, with at most a UTF-8 `charset` parameter. */
export function checkContentType(value: string | null): void {
  if (value === FORM_CONTENT_TYPE) return; // what clients send, spelled as checked below
  if (value === null)
    throw new MediaTypeError(`missing Content-Type: the body must be ${FORM_CONTENT_TYPE}`, { field: 'Content-Type' });
  const parts = value.split(';');
  if (parts[0]!.trim().toLowerCase() !== FORM_CONTENT_TYPE) {
    throw new MediaTypeError(`Content-Type must be ${FORM_CONTENT_TYPE}`, { field: 'Content-Type' });
  }
  for (let i = 1; i < parts.length; i++) {
    const p = parts[i]!;
    const eq = p.indexOf('=');
    if (eq === -1) continue;
    if (p.slice(0, eq).trim().toLowerCase() === 'charset') {
      const cs = p
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .toLowerCase();
      if (cs !== 'utf-8' && cs !== 'utf8') {
        throw new MediaTypeError('Content-Type charset must be UTF-8', { field: 'Content-Type' });
      }
    }
  }
}
