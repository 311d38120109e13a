// Vitest global setup of the e2e project: one Chromium for the whole run instead of one launched per test
// file; each file connects to it (e2e/support/browser.ts) and works in contexts of its own.
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    host: '127.0.0.1',
  });
  project.provide('browserEndpoint', server.wsEndpoint());
  return () => server.close();
}
