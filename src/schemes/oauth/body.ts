/**
 * The service's rule that the form body may repeat the `oauth_*` header values: such a repeat
 * takes part in the base string once. Shared by signer and verifier so both count alike.
 *
 * @module
 */

/**
 * `params` without the body repeats of `oauth` values. Calls `refuse(name, rule)` (which must
 * throw) for an `oauth_signature` in the body, a repeat whose value differs from `oauth[name]`,
 * or a second repeat of the same name. Other `oauth_*` names are ordinary parameters.
 * Returns `params` itself when nothing is removed. @internal
 */
export function withoutOAuthRepeats(
  params: ReadonlyArray<readonly [string, string]>,
  oauth: Readonly<Record<string, string>>,
  refuse: (name: string, rule: string) => never,
): ReadonlyArray<readonly [string, string]> {
  let out: Array<readonly [string, string]> | undefined;
  let seen: Set<string> | undefined;
  for (let i = 0; i < params.length; i++) {
    const p = params[i]!;
    const name: unknown = Array.isArray(p) ? p[0] : undefined;
    if (typeof name === 'string' && name.startsWith('oauth_')) {
      if (name === 'oauth_signature') refuse(name, 'must not be sent in the body');
      if (Object.hasOwn(oauth, name)) {
        if (p[1] !== oauth[name]) refuse(name, "is repeated in the body with a value other than the header's");
        seen ??= new Set();
        if (seen.has(name)) refuse(name, 'is repeated in the body more than once');
        seen.add(name);
        out ??= params.slice(0, i);
        continue;
      }
    }
    out?.push(p);
  }
  return out ?? params;
}
