// control(): the C-B digest against node:crypto over the same text, on two inputs: the published
// example, and a longer order id with the endpoint id given as a string.
import { createHash } from 'node:crypto';
import { CONTROL_CONCAT, CONTROL_CONCAT_LONG, CONTROL_FIELDS, CONTROL_FIELDS_LONG, CONTROL_KEY } from '../fixtures.mjs';

function group(lib, id, title, fields, concat) {
  const ref = () => createHash('sha1').update(concat).digest('hex');
  const ours = () => lib.control('C-B', fields, CONTROL_KEY);
  return {
    id,
    title,
    target: { case: 'paysig control()', max: 1.15 },
    expected: ref(),
    cases: [
      { name: 'node:crypto createHash (reference)', ref: true, fn: ref, check: ref },
      { name: 'paysig control()', fn: ours, check: ours },
    ],
  };
}

export default function controlGroups(lib) {
  return [
    group(lib, 'control', 'control() C-B, published example', CONTROL_FIELDS, CONTROL_CONCAT),
    group(
      lib,
      'control long',
      'control() C-B, 50-character order id, string endpoint id',
      CONTROL_FIELDS_LONG,
      CONTROL_CONCAT_LONG,
    ),
  ];
}
