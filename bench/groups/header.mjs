// parseAuthorizationHeader on a hostile header (an unterminated quoted value filled with "%"), at
// 1 KiB and at the 8 KiB cap: the parser must stay linear, so the 8 KiB row costs about 8 times
// the 1 KiB row (bench/run.mjs prints the growth). The reference is the plain regex parser of
// tools/vectors/reference, which refuses the same header.
import { parseAuthorization } from '../reference.mjs';

export const HEADER_SIZES = [1024, 8192];

/** The hostile header of `size` characters. */
export function hostileHeader(size) {
  return `OAuth ${'oauth_a="'.padEnd(size - 6, '%')}`;
}

function refused(fn) {
  try {
    fn();
    return 'accepted';
  } catch {
    return 'refused';
  }
}

export default function headerGroups(lib) {
  return HEADER_SIZES.map((size) => ({
    id: `hostile header ${size}`,
    title: `parseAuthorizationHeader, hostile ${size}-character header`,
    target: null,
    size,
    prepare() {
      const header = hostileHeader(size);
      const ours = () => refused(() => lib.parseAuthorizationHeader(header));
      const ref = () => refused(() => parseAuthorization(header));
      return {
        expected: 'refused',
        cases: [
          { name: 'plain regex parser (reference)', ref: true, fn: ref, check: ref },
          { name: 'paysig parseAuthorizationHeader', fn: ours, check: ours },
        ],
      };
    },
  }));
}
