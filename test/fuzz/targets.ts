/** Every fuzz target, in the order the runners use. */
import type { FuzzTarget } from './harness.js';
import { encodingTargets } from './targets-encoding.js';
import { keyTargets } from './targets-keys.js';
import { oauthTargets } from './targets-oauth.js';
import { requestTargets } from './targets-request.js';

export const allTargets: readonly FuzzTarget[] = [
  ...encodingTargets,
  ...oauthTargets,
  ...requestTargets,
  ...keyTargets,
];
