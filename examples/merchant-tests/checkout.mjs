// The merchant's own client code: charges a customer with a sale, and reads the answer. In a real
// shop this module is configured with the service's URL; its tests point it at the test gateway.
import { signRequest } from 'paysig';

/**
 * Sends a sale for one order and returns the service's answer as a record of its fields.
 * @param {{ baseUrl: string, login: string, controlKey: string, endpointId: string, callbackUrl: string }} shop
 * @param {{ id: string, amount: string, currency: string, email: string }} order
 */
export async function charge(shop, order) {
  const signed = await signRequest('sale', {
    baseUrl: shop.baseUrl,
    endpointId: shop.endpointId,
    params: {
      client_orderid: order.id,
      order_desc: `Order ${order.id}`,
      amount: order.amount,
      currency: order.currency,
      email: order.email,
      server_callback_url: shop.callbackUrl,
    },
    credentials: { login: shop.login, controlKey: shop.controlKey },
  });
  const response = await fetch(signed.toRequest());
  // signRequest asks for JSON (Accept: application/vnd.pay+json); the service's default is a form.
  const json = response.headers.get('content-type')?.startsWith('application/vnd.pay+json');
  const fields = json ? await response.json() : Object.fromEntries(new URLSearchParams(await response.text()));
  return { status: response.status, fields };
}
