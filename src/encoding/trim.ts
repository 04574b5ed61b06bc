/**
 * Trimming as the service does it. Internal.
 *
 * @module
 */

/**
 * Trims a value as the service does: leading and trailing characters up to U+0020 (space and
 * ASCII control characters), like Java's `String.trim`. Unlike JavaScript's `trim`, it keeps
 * U+00A0 and the other Unicode spaces, which are content to a Java service.
 *
 * @example
 * ```ts
 * serviceTrim('\t 902B4FF5\n'); // '902B4FF5'
 * serviceTrim('\u00a0gift\u00a0'); // unchanged: U+00A0 is content
 * ```
 */
export function serviceTrim(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) <= 0x20) start++;
  while (end > start && value.charCodeAt(end - 1) <= 0x20) end--;
  return value.slice(start, end);
}
