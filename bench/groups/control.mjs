// control(): the C-B digest of the published example, against node:crypto over the same text.
import { createHash } from 'node:crypto';
import { CONTROL_CONCAT, CONTROL_FIELDS, CONTROL_KEY } from '../fixtures.mjs';

export default function controlGroups(lib) {
  const expected = createHash('sha1').update(CONTROL_CONCAT).digest('hex');
  return [
    {
      id: 'control',
      title: 'control() C-B, published example',
      target: { case: 'paysig control()', max: 1.5 },
      expected,
      cases: [
        {
          name: 'node:crypto createHash (reference)',
          ref: true,
          fn: () => createHash('sha1').update(CONTROL_CONCAT).digest('hex'),
          check: () => createHash('sha1').update(CONTROL_CONCAT).digest('hex'),
        },
        {
          name: 'paysig control()',
          fn: () => lib.control('C-B', CONTROL_FIELDS, CONTROL_KEY),
          check: () => lib.control('C-B', CONTROL_FIELDS, CONTROL_KEY),
        },
      ],
    },
  ];
}
