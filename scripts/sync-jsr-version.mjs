#!/usr/bin/env node
// Copies package.json's version into jsr.json (changesets bumps only package.json). Part of
// `npm run release:changelog`.
import { readFileSync, writeFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
const jsr = JSON.parse(readFileSync('jsr.json', 'utf8'));
if (jsr.version !== version) {
  jsr.version = version;
  writeFileSync('jsr.json', `${JSON.stringify(jsr, null, 2)}\n`);
  console.log(`jsr.json: version ${version}`);
}
