/**
 * The merchant's secrets for {@link diagnose}, looked up once per distinct query: the verification
 * and the diagnosis ask for the same merchant, and the caller's credentials function (often a
 * database read) then runs once. Internal.
 *
 * @module
 */
import type { CredentialsQuery, VerifyCredentials } from '../request/verify.js';

/** A lookup of the merchant's secrets. */
export type CredentialsLookup = (who: CredentialsQuery) => Promise<VerifyCredentials | undefined>;

/**
 * `credentials` memoised by login, consumer key, endpoint id and endpoint group id (the operation
 * is the same for every query of one diagnosis). A rejection is memoised too: it is the same error.
 */
export function memoLookup(
  credentials: (who: CredentialsQuery) => VerifyCredentials | undefined | Promise<VerifyCredentials | undefined>,
): CredentialsLookup {
  const memo = new Map<string, Promise<VerifyCredentials | undefined>>();
  return (who) => {
    const key = JSON.stringify([who.login, who.consumerKey, who.endpointId, who.endpointGroupId]);
    let hit = memo.get(key);
    if (hit === undefined) {
      hit = (async () => credentials(who))();
      memo.set(key, hit);
    }
    return hit;
  };
}
