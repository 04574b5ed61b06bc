// Merchant side, control digest: a sale (formula C-B: endpoint, order id, amount in minor units,
// email, control key). signRequest computes `control` and builds the whole request.
//   PAYSIG_BASE_URL=https://gate.example.com/paynet node examples/signers/control.mjs [--send]
import { signRequest } from 'paysig';
import { CONTROL_KEY, ENDPOINT_ID, LOGIN } from '../merchant.mjs';
import { output } from './output.mjs';

const signed = await signRequest('sale', {
  baseUrl: process.env.PAYSIG_BASE_URL ?? 'https://gate.example.com/paynet',
  endpointId: ENDPOINT_ID,
  params: { client_orderid: '902B4FF5', amount: '10.42', currency: 'EUR', email: 'john.smith@gmail.com' },
  credentials: { login: LOGIN, controlKey: process.env.PAYSIG_CONTROL_KEY ?? CONTROL_KEY },
});
await output(signed);
