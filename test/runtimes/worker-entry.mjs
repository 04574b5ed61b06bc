// workerd entry: `workerd test` calls test(); a failure is a thrown error. The lines are logged
// for the runner to read (the last one is the tally).
import { run } from './bundle-entry.mjs';

export default {
  async test() {
    const r = await run('web');
    console.log(r.lines.join('\n'));
    if (!r.ok) throw new Error(`conformance failed: ${r.lines[r.lines.length - 1]}`);
  },
};
