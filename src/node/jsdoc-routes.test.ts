// The Express routes in paysig/node's JSDoc examples are Express 5 routes: each one quoted in
// `app.post('...')` registers on a real Express 5 app (Express 4's bare '*' makes Express 5 throw)
// and routes a request for an operation's path under /paynet to the handler.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type App = { post(path: string, h: () => void): void; router: unknown };
const express = (await import('express' as string)).default as () => App;

const routes = ['index.ts', 'verify.ts'].flatMap((f) =>
  [...readFileSync(new URL(f, import.meta.url), 'utf8').matchAll(/ \* app\.post\('([^']+)'/g)].map((m) => m[1]!),
);

describe("paysig/node's JSDoc examples", () => {
  it('quote Express routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(2);
  });

  it.each(routes)('%s registers on Express 5', (route) => {
    expect(() => express().post(route, () => undefined)).not.toThrow();
  });

  it('Express 4 syntax is what Express 5 refuses (the check bites)', () => {
    expect(() => express().post('/paynet/api/*', () => undefined)).toThrow();
  });
});
