/**
 * Byte helpers the body readers and the DER writer share: joining chunks into one buffer, and
 * strict UTF-8 decoding of a request body. Internal.
 *
 * @module
 */
import { EncodingError } from '../errors/index.js';

const utf8 = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The parts joined into one new buffer (`total`: their summed length, when the caller knows it). */
export function concatBytes(parts: ReadonlyArray<ArrayLike<number>>, total?: number): Uint8Array {
  let size = total ?? 0;
  if (total === undefined) for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A request body's bytes as text, refusing invalid UTF-8 (no silent U+FFFD). */
export function bodyText(bytes: Uint8Array): string {
  if (bytes.byteLength === 0) return '';
  try {
    return utf8.decode(bytes);
  } catch {
    throw new EncodingError('request body is not valid UTF-8', { field: 'body' });
  }
}
