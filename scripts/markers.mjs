// The generated parts of the docs: text that a script writes between two marker comments.
import { readFileSync, writeFileSync } from 'node:fs';

/** Puts `text` between the markers `begin` and `end` of `file` (both kept); throws when one is missing. */
export function writeBetween(file, begin, end, text) {
  const doc = readFileSync(file, 'utf8');
  const a = doc.indexOf(begin);
  const b = doc.indexOf(end, a);
  if (a < 0 || b < 0) throw new Error(`${file} lacks the markers ${begin} ... ${end}`);
  writeFileSync(file, `${doc.slice(0, a + begin.length)}\n${text}\n${doc.slice(b)}`);
}
