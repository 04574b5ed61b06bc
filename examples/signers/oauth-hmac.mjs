// Merchant side, OAuth 1.0a HMAC-SHA1: a payout. The consumer key is the login, the secret the
// control key; signRequest adds the Authorization header (and repeats the oauth_* values in the body).
//   PAYSIG_BASE_URL=https://gate.example.com/paynet node examples/signers/oauth-hmac.mjs [--send]
import { signRequest } from 'paysig';
import { CONTROL_KEY, ENDPOINT_ID, LOGIN } from '../merchant.mjs';
import { output } from './output.mjs';

const signed = await signRequest('payout', {
  baseUrl: process.env.PAYSIG_BASE_URL ?? 'https://gate.example.com/paynet',
  endpointId: ENDPOINT_ID,
  params: { client_orderid: 'P-1', amount: '10.00', currency: 'EUR' },
  credentials: { login: LOGIN, controlKey: process.env.PAYSIG_CONTROL_KEY ?? CONTROL_KEY },
});
await output(signed);
