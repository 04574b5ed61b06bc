// Bundle sizes for the bench tables: the same entries, method and budgets as `npm run size`
// (scripts/size.mjs: esbuild minified ESM for the browser, gzip -9).
import { bundleSizes as sizes } from '../scripts/size.mjs';

export { ENTRIES } from '../scripts/size.mjs';

/** Sizes in bytes of each entry: minified and gzipped, with `met` against the budget. */
export function bundleSizes(log = console.log, detail = false, dist = undefined) {
  return sizes({ log, detail, ...(dist === undefined ? {} : { dist }) });
}
