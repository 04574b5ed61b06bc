// Headless Chromium for the browser legs (browser.mjs, debugger.mjs): the binary found on PATH
// (scripts/tools.mjs), no sandbox, GPU or background network traffic.
import { chromium } from 'playwright-core';
import { probe } from '../../scripts/tools.mjs';

/** The Chromium the legs run, or the bare name when none was found (launch then says so). */
export const CHROMIUM = probe(['chromium']).chromium ?? 'chromium';

/** Launches headless Chromium. */
export function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM,
    timeout: 60_000,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
