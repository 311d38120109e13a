import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_PATH } from '../../scripts/lib/chromium.js';

export { CHROMIUM_PATH };

/**
 * The run's one Chromium (started by e2e/support/browser-server.ts), connected to afresh by each test file:
 * a file's contexts and pages are its own, and close() disconnects without stopping the browser for the next.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
}
