/**
 * Reading a Node request's body with a size cap applied while it streams, and refusing a body a
 * parser has already consumed (verifying a re-serialisation could pass bytes that were never sent).
 *
 * @module
 */
import { concatBytes } from '../encoding/bytes.js';
import { BodyConsumedError, BodyTooLargeError, InvalidInputError } from '../errors/index.js';
import { headerOf, type IncomingMessageLike } from './incoming.js';

/** The raw body, when a framework has already read it: the bytes exactly as received, or their text. */
export type RawBody = Uint8Array | ArrayBuffer | string;

const encoder = new TextEncoder();
const EMPTY = new Uint8Array(0);

/** The explicit body as bytes, within the cap. @internal */
export function explicitBody(body: RawBody, max: number): Uint8Array {
  let bytes: Uint8Array;
  if (typeof body === 'string') bytes = encoder.encode(body);
  else if (body instanceof Uint8Array) bytes = body;
  else if (body instanceof ArrayBuffer) bytes = new Uint8Array(body);
  else
    throw new InvalidInputError('"body" must be the raw bytes (Uint8Array, ArrayBuffer) or text of the request body', {
      field: 'body',
    });
  if (bytes.byteLength > max) throw new BodyTooLargeError(max);
  return bytes;
}

/**
 * Throws {@link BodyConsumedError} when something has read the stream already. Express, Koa and
 * Fastify parsers read the whole stream; `req.body` then holds their parse, not the bytes sent.
 */
function assertUnread(req: IncomingMessageLike): void {
  if (req.readableEnded !== true && req.readableDidRead !== true) return;
  const parsed = req.body !== undefined && req.body !== null && !(req.body instanceof Uint8Array);
  throw new BodyConsumedError(
    `the request body was already read${parsed ? ' by a body parser (req.body is set)' : ''}; paysig verifies the bytes as sent, never a re-serialisation: ` +
      "mount the verification before express.urlencoded()/json() (or the framework's form parser), " +
      "or keep the raw bytes (express.raw({ type: 'application/x-www-form-urlencoded' })) and pass them as { body: req.body }",
  );
}

/**
 * Reads the body of `req` to its end, refusing one over `max` bytes: by `Content-Length` before
 * reading, else as soon as the running total passes `max` (reading then stops; nothing more is
 * buffered). @internal
 */
export function readIncomingBytes(req: IncomingMessageLike, max: number): Promise<Uint8Array> {
  assertUnread(req);
  if (req.readableEncoding !== undefined && req.readableEncoding !== null) {
    return Promise.reject(
      new InvalidInputError('setEncoding() was called on the request: paysig needs its raw bytes', { field: 'body' }),
    );
  }
  // No Content-Length reads as "undefined", which is not digits. A declared length of any size is
  // compared: Number() rounds monotonically, so a length within max never reads as over it.
  const declared = String(headerOf(req, 'content-length'));
  if (/^[0-9]+$/.test(declared) && Number(declared) > max) {
    return Promise.reject(new BodyTooLargeError(max));
  }
  return new Promise<Uint8Array>((resolve, reject) => {
    let first: Uint8Array | undefined;
    let more: Uint8Array[] | undefined;
    let total = 0;
    const done = (): void => {
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('error', onError);
      req.removeListener('close', onClose);
    };
    const onData = (chunk: Uint8Array): void => {
      if (typeof chunk === 'string') {
        done();
        reject(new InvalidInputError('the request stream yields text: paysig needs its raw bytes', { field: 'body' }));
        return;
      }
      total += chunk.byteLength;
      if (total > max) {
        done();
        req.pause?.();
        reject(new BodyTooLargeError(max));
        return;
      }
      if (first === undefined) first = chunk;
      else (more ??= [first]).push(chunk);
    };
    const onEnd = (): void => {
      done();
      resolve(more !== undefined ? concatBytes(more, total) : (first ?? EMPTY));
    };
    const onError = (error: unknown): void => {
      done();
      reject(
        new InvalidInputError('the request body could not be read (the client went away?)', {
          field: 'body',
          cause: error,
        }),
      );
    };
    const onClose = (): void => {
      done();
      reject(new InvalidInputError('the connection closed before the whole request body arrived', { field: 'body' }));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
