/**
 * Size limits shared by `verifyRequest` and `verifyCallback`, so hostile input costs bounded work
 * on both. Internal (re-exported by the modules that use them).
 *
 * @module
 */

/** Default {@link VerifyRequestOptions.maxBodyBytes}, and the cap of a callback's query: 64 KiB. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * The UTF-8 length of `text` in bytes, or a number above `max` as soon as it passes it (the work
 * is bounded by `max`). A lone surrogate counts as the 3 bytes of the U+FFFD an encoder writes.
 */
export function utf8Bytes(text: string, max: number): number {
  if (text.length > max) return max + 1;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4; // a surrogate pair: one code point of 4 bytes
      i++;
    } else bytes += 3;
    if (bytes > max) return max + 1;
  }
  return bytes;
}

/** Whether `text` takes more than `max` bytes in UTF-8; the work is bounded by `max` ({@link utf8Bytes}). */
export function utf8LongerThan(text: string, max: number): boolean {
  return utf8Bytes(text, max) > max;
}
