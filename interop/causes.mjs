// Why each library's mismatches happen, written by hand from the library's own code or
// documentation (version pinned in docs/conformance.md). interop/table.mjs puts them under the
// table; a mismatch with no cause here is listed as unexplained (and the interop test fails).
export const CAUSES = {};
