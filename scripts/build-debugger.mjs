#!/usr/bin/env node
// Writes dist/debugger.html: the signature debugger as one self-contained page, shipped in the
// package so that `npx paysig debugger` works offline (docs/debugger/build.mjs builds it; run after
// tsc, since the page imports paysig through the package's own exports, i.e. from dist/).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildDebuggerHtml } from '../docs/debugger/build.mjs';

const out = process.argv[2] ?? fileURLToPath(new URL('../dist/debugger.html', import.meta.url));
writeFileSync(out, await buildDebuggerHtml());
