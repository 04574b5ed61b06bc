/**
 * Size limits shared by `verifyRequest` and `verifyCallback`, so hostile input costs bounded work
 * on both. Internal (re-exported by the modules that use them).
 *
 * @module
 */

/** Default {@link VerifyRequestOptions.maxBodyBytes}, and the cap of a callback's query: 64 KiB. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * Whether `text` takes more than `max` bytes in UTF-8. Stops as soon as it does, so the work is
 * bounded by `max`, however long `text` is (every UTF-16 unit is at least one byte).
 */
export function utf8LongerThan(text: string, max: number): boolean {
  if (text.length > max) return true;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdfff ? 2 : 3; // a surrogate pair is 4 bytes
    if (bytes > max) return true;
  }
  return false;
}
