// Shared by every runtime entry: print notes, skips, failures and the tally; the tally is always
// the LAST line.

/**
 * @param {{ passed: number, failed: number, failures: Array<{ id: string, message: string }>, skipped?: string[], notes?: string[] }} result
 * @param {(line: string) => void} print
 * @returns {boolean} true when everything passed and something ran
 */
export function report(result, print) {
  for (const n of result.notes ?? []) print(`note: ${n}`);
  if ((result.skipped ?? []).length > 0) print(`skipped ${result.skipped.length}: ${result.skipped.join(', ')}`);
  for (const f of result.failures) print(`FAIL ${f.id}: ${f.message}`);
  print(`${result.passed} passed, ${result.failed} failed`);
  return result.failed === 0 && result.passed > 0;
}
