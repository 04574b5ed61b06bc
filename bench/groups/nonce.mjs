// A NonceStore that accepts every nonce, so a verification benchmark can repeat one request
// without the replay check refusing it (the store's own cost is not what is measured).
export function noopNonceStore() {
  return { check: () => Promise.resolve(true) };
}
