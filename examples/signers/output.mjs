// What the signers do with a signed request: print it as raw HTTP (which `npx paysig diagnose`
// reads), or with --send, send it with fetch and print the answer.
export async function output(signed) {
  if (process.argv.includes('--send')) {
    const response = await fetch(signed.toRequest());
    console.log(response.status, await response.text());
    return;
  }
  const { pathname, search, host } = new URL(signed.url);
  const head = [`${signed.method} ${pathname}${search} HTTP/1.1`, `Host: ${host}`];
  for (const [name, value] of Object.entries(signed.headers)) head.push(`${name}: ${value}`);
  head.push(`Content-Length: ${Buffer.byteLength(signed.body)}`);
  process.stdout.write(`${head.join('\r\n')}\r\n\r\n${signed.body}`);
}
