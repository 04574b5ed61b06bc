// The one demo merchant every example knows: its login, endpoint, control key and RSA public key.
// A real server looks merchants up in its own store (see docs/verifying.md, "The credentials
// callback"); a real merchant keeps its keys in a secret store. These values are public demo data:
// the RSA key is paysig's test-only key (vectors/keys/test-only-rsa-2048-*.pem).
export const LOGIN = 'merchant';
export const ENDPOINT_ID = '1111';
export const CONTROL_KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
export const PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAtd8bZUdw/aCezTrAsWMx
MIz6jBfYdw5YF5VzJKXbSgsfdRUC8ft9TViycJUUS2lfl9SI/5aVvWB1xLdkO/D3
ffUOJYGQTdC3RcUj8LhDrl0+m9T3sXmkTOm5Lx4t3wM9jdA4PO4tKifCAkseFa2w
VcvL8pUYY9zMqYH6JnyiciakzpqYokqRLG+tffT8Lo+pG4J+ipdQUMYC/vWW/DY9
RPD6kYLOSmoSSN2BGh7t/GD2sG3acqf3indZtlUSApaVmpVN5rDlJfgUp35mL7PC
88XaYWAeElIrQqQl1qitIBcLRFBR0ptP9Fsqxt5wbI/b9sbSlSjd4p6RMjnXD2Lh
uwIDAQAB
-----END PUBLIC KEY-----`;

/**
 * The `credentials` option of verifyRequest. OAuth requests name the merchant by consumer key,
 * control formulas with a login by `login`, and sale/preauth (C-B, C-C) only by the endpoint in
 * the path. Authentication is not authorization: the endpoint must be the merchant's too.
 */
export function credentials({ login, consumerKey, endpointId }) {
  const who = login ?? consumerKey ?? (endpointId === ENDPOINT_ID ? LOGIN : undefined);
  if (who !== LOGIN || endpointId !== ENDPOINT_ID) return undefined;
  return { controlKey: CONTROL_KEY, publicKey: PUBLIC_KEY };
}
