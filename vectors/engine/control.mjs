// vectors/control.json: controlInput / control / verifyControl of the library.
import { eq, need, rejects } from './assert.mjs';

export const topic = 'control';

export async function check(lib, c) {
  const control = need(lib, 'control');
  const controlInput = need(lib, 'controlInput');
  const verifyControl = need(lib, 'verifyControl');
  const fields = { ...c.fields };
  const options = c.exponent !== undefined ? { exponent: c.exponent } : undefined;
  if (c.error !== undefined) {
    await rejects(lib, c.error, () => controlInput(c.formula, fields, options), 'controlInput');
    return rejects(lib, c.error, () => control(c.formula, fields, c.controlKey, options), 'control');
  }
  // The vectors' `concatenation` is the whole string hashed: the terms, then the control key.
  eq(controlInput(c.formula, fields, options) + c.controlKey, c.concatenation, 'controlInput + controlKey');
  eq(await control(c.formula, fields, c.controlKey, options), c.control, 'control');
  await verifyControl(c.formula, fields, c.controlKey, c.control, options);
  await verifyControl(c.formula, fields, c.controlKey, c.control.toUpperCase(), options);
  const flipped = (c.control[0] === '0' ? '1' : '0') + c.control.slice(1);
  await rejects(
    lib,
    'ERR_CONTROL_MISMATCH',
    () => verifyControl(c.formula, fields, c.controlKey, flipped, options),
    'verifyControl(flipped)',
  );
}
