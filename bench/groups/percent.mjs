// percentEncode on a short ASCII value, 1 KB of mixed text and 1 MB of mixed text, against
// encodeURIComponent plus a replace of the five characters it leaves alone.
import { formText, mixedText } from '../fixtures.mjs';
import { percentEncode as rfc3986 } from '../reference.mjs';

export default function percentGroups(lib, { quick }) {
  const inputs = [
    ['short ASCII', 20, () => 'john.smith@gmail.com', null],
    ['1 KB mixed', 1024, () => mixedText(1024, 11), 0.5],
    ['1 KB form text', 1024, () => formText(1024), null],
    ['1 MB mixed', 1 << 20, () => mixedText(1 << 20, 12), null],
  ];
  if (!quick) inputs.splice(1, 0, ['short unreserved', 19, () => '902B4FF5-2026-11-21', null]);
  // Inputs are made in prepare(), just before the group runs, so a megabyte of text does not
  // sit in the heap while other groups are measured.
  return inputs.map(([label, length, make, max]) => ({
    id: `percent ${label}`,
    title: `percentEncode, ${label} (${length} UTF-16 units)`,
    target: max === null ? null : { case: 'paysig percentEncode', max },
    prepare() {
      const text = make();
      const ref = () => rfc3986(text);
      return {
        expected: ref(),
        cases: [
          { name: 'encodeURIComponent + replace (reference)', ref: true, fn: ref, check: ref },
          { name: 'paysig percentEncode', fn: () => lib.percentEncode(text), check: () => lib.percentEncode(text) },
        ],
      };
    },
  }));
}
