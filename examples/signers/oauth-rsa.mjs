// Merchant side, OAuth 1.0a RSA-SHA256 (the v4 API): a card reference, signed with the merchant's
// RSA private key (PKCS#8 or PKCS#1 PEM, at least 2048 bits). The default is paysig's public
// test-only key; never use it for anything else.
//   PAYSIG_PRIVATE_KEY_FILE=merchant.pem node examples/signers/oauth-rsa.mjs [--send]
import { readFileSync } from 'node:fs';
import { signRequest } from 'paysig';
import { ENDPOINT_ID, LOGIN } from '../merchant.mjs';
import { output } from './output.mjs';

const keyFile =
  process.env.PAYSIG_PRIVATE_KEY_FILE ?? new URL('../../vectors/keys/test-only-rsa-2048-pkcs8.pem', import.meta.url);
const signed = await signRequest('create-card-ref-v4', {
  baseUrl: process.env.PAYSIG_BASE_URL ?? 'https://gate.example.com/paynet',
  endpointId: ENDPOINT_ID,
  params: { client_orderid: 'A-17', credit_card_number: '4111111111111111', expire_month: '12', expire_year: '2030' },
  credentials: { login: LOGIN, privateKey: readFileSync(keyFile, 'utf8') },
});
await output(signed);
