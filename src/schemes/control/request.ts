/**
 * The `control` scheme at the request level: the digest of the formula's terms, added to the body
 * when signing, checked against the merchant's control keys when verifying.
 *
 * @module
 */
import { control, verifyControlKeys } from './digest.js';
import type { Formula } from './formulas.js';
import { controlFieldsOf, formulaHasLogin } from './terms.js';
import { serviceTrim } from '../../encoding/trim.js';
import { InvalidInputError, MissingFieldError, UnknownMerchantError } from '../../errors/index.js';
import { isSecretKey, listKeys, matchedKeyOf } from '../../keys/list.js';
import { isThenable, nonEmpty } from '../need.js';
import type { SchemeSigner, SchemeVerifier, SchemeWho } from '../types.js';

/** A resolved control scheme: its formula. */
export interface ControlAuth {
  readonly formula: Formula;
}

function loginDiffers(): never {
  throw new InvalidInputError('params.login differs from credentials.login', { field: 'login' });
}

/** The `control` scheme's signer: adds the `control` field. @internal */
export const controlSigner: SchemeSigner<ControlAuth> = {
  async sign({ formula }, input) {
    const creds = input.credentials;
    const controlKey = nonEmpty(creds.controlKey, 'credentials.controlKey', `the control key (scheme ${formula})`);
    const givenLogin = input.values.get('login');
    let login: string | undefined;
    let bodyPairs = input.pairs;
    if (formulaHasLogin(formula)) {
      login = serviceTrim(nonEmpty(creds.login, 'credentials.login', 'the merchant login'));
      if (givenLogin !== undefined && givenLogin !== login) loginDiffers();
      if (givenLogin === undefined) bodyPairs = [['login', login], ...bodyPairs.filter((p) => p[0] !== 'login')];
    } else if (givenLogin !== undefined && typeof creds.login === 'string' && givenLogin !== serviceTrim(creds.login)) {
      loginDiffers();
    }
    const fields = controlFieldsOf(input.operation, formula, input.values, login, input.endpoint);
    const digest = await control(formula, fields, controlKey, { exponent: input.exponent() });
    return { bodyPairs: [...bodyPairs, ['control', digest]], headers: {}, control: digest };
  },
};

/** The `control` scheme's verifier: checks the `control` field against the merchant's keys. @internal */
export const controlVerifier: SchemeVerifier<ControlAuth> = {
  signsQuery: false,

  async verify({ formula }, input) {
    const { operation: op, values, endpoint } = input;
    const received = values.get('control');
    if (received === undefined)
      throw new MissingFieldError('control', `operation "${op.id}" needs the field "control"`);
    let login: string | undefined;
    if (formulaHasLogin(formula)) {
      login = values.get('login');
      if (login === undefined) {
        throw new MissingFieldError(
          'login',
          `operation "${op.id}" (control formula ${formula}) needs the field "login"`,
        );
      }
    }
    const who: SchemeWho = login !== undefined ? { login } : {};
    const found = input.secrets(who);
    const creds = isThenable(found) ? await found : found;
    const keys = listKeys(creds?.controlKey, 'controlKey', isSecretKey);
    if (keys.length === 0) {
      const field =
        login !== undefined ? 'login' : endpoint.endpointGroupId !== undefined ? 'endpointGroupId' : 'endpointId';
      throw new UnknownMerchantError(`no control key for this merchant (unknown ${field})`, { field });
    }
    const fields = controlFieldsOf(op, formula, values, login, endpoint);
    const index = await verifyControlKeys(formula, fields, keys, received, { exponent: input.exponent() });
    const matchedKey = matchedKeyOf(keys, index);
    return login !== undefined ? { login, matchedKey } : { matchedKey };
  },
};
