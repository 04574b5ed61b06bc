/**
 * Reading a Node request's body with a size cap applied while it streams, and refusing a body a
 * parser has already consumed (verifying a re-serialisation could pass bytes that were never sent).
 *
 * @module
 */
import { bodyText, concatBytes } from '../encoding/bytes.js';
import { BodyConsumedError, BodyTimeoutError, BodyTooLargeError, InvalidInputError } from '../errors/index.js';
import { DEFAULT_BODY_TIMEOUT_MS } from '../verifier/config.js';
import { headerOf, type IncomingMessageLike } from './incoming.js';

/** The raw body, when a framework has already read it: the bytes exactly as received, or their text. */
export type RawBody = Uint8Array | ArrayBuffer | string;

/** How `paysig/node` gets the body of a Node request: the stream, or bytes a framework already read. */
export interface IncomingBodyOptions {
  /**
   * The raw body, when a framework has read the stream already (e.g. `express.raw()`'s bytes):
   * it must be exactly the bytes the client sent. Without it the stream is read.
   */
  body?: RawBody;
  /**
   * Deadline for the whole body, in milliseconds from when paysig starts reading the stream
   * (default 30000). A client that sends its headers and then stalls or trickles the body is
   * refused with `BodyTimeoutError` (`ERR_BODY_TIMEOUT`, 408) and reading stops, so it cannot
   * hold the handler until Node's own `requestTimeout` (300 s). `Infinity` turns it off.
   */
  bodyTimeoutMs?: number;
}

/** Default `bodyTimeoutMs`: 30 s for the whole body, from when paysig starts reading it. */
export { DEFAULT_BODY_TIMEOUT_MS };

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
 * buffered); and refusing with {@link BodyTimeoutError} when the whole body has not arrived
 * `timeoutMs` after reading began (a client that stalls cannot hold the handler). @internal
 */
export function readIncomingBytes(
  req: IncomingMessageLike,
  max: number,
  timeoutMs: number = DEFAULT_BODY_TIMEOUT_MS,
): Promise<Uint8Array> {
  return readIncoming(req, max, timeoutMs, asBytes);
}

/**
 * {@link readIncomingBytes}, decoded as strict UTF-8 when the body ends (invalid UTF-8 rejects
 * with `EncodingError`), without a second promise for the decoding. @internal
 */
export function readIncomingText(req: IncomingMessageLike, max: number, timeoutMs: number): Promise<string> {
  return readIncoming(req, max, timeoutMs, bodyText);
}

const asBytes = (bytes: Uint8Array): Uint8Array => bytes;

function readIncoming<T>(
  req: IncomingMessageLike,
  max: number,
  timeoutMs: number,
  finish: (bytes: Uint8Array) => T,
): Promise<T> {
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
  return new Promise<T>((resolve, reject) => {
    let first: Uint8Array | undefined;
    let more: Uint8Array[] | undefined;
    let total = 0;
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The deadline is armed at the end of the current turn, not now: a body that came in the same
    // packets as the headers has been pushed, emitted and ended by then (Node's parser pushes it
    // right after the request handler returns, and stream events run as next-tick jobs, before
    // promise jobs), so most requests never create and clear a timer. setTimeout cannot wait
    // longer than 2^31 - 1 ms; Infinity (or more) means no deadline.
    if (timeoutMs < 2 ** 31) {
      queueMicrotask(() => {
        if (settled) return;
        timer = setTimeout(() => {
          done();
          req.pause?.();
          reject(new BodyTimeoutError(timeoutMs));
        }, timeoutMs);
      });
    }
    const done = (): void => {
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
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
      try {
        resolve(finish(more !== undefined ? concatBytes(more, total) : (first ?? EMPTY)));
      } catch (e) {
        reject(e);
      }
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
