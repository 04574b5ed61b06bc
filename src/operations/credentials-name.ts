/**
 * `verifyRequest` reads `{ controlKey }`, `verifyOAuth` reads `{ consumerSecret }`: a credentials
 * function that returns the other name is told which one to use. Internal.
 *
 * @module
 */

/** The fix, when `creds` holds `consumerSecret` where `controlKey` is read; else undefined. */
export function misnamedSecret(creds: unknown): string | undefined {
  return creds !== null && typeof creds === 'object' && 'consumerSecret' in creds
    ? 'the credentials function returned { consumerSecret }, but verifyRequest reads { controlKey } (return { controlKey })'
    : undefined;
}
