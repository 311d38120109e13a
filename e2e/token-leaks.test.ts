/**
 * No request carries the session token anywhere but its Authorization (or GraphQL token) header: not in a URL,
 * a query string or a Referer, on the pages that fetch files and messages too. Real stack, real Chromium.
 */
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signIn, useAppStack } from './app-support';

const app = useAppStack(['demo']);

describe('the session token', () => {
  it('travels only in its header', async () => {
    const origin = app.stack.urls.demo!;
    const context = await newContext();
    const page = await context.newPage();
    const seen: { url: string; headers: Record<string, string> }[] = [];
    const record = async (request: Request) =>
      seen.push({ url: request.url(), headers: await request.allHeaders() });
    const pending: Promise<unknown>[] = [];
    page.on('request', (request) => void pending.push(record(request)));
    await signIn(page, origin, 'client@demo.test');
    for (const route of ['/schedule', '/resources', '/messages/inbox', '/notes', '/profile']) {
      await page.goto(`${origin}${route}`);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    await Promise.all(pending);
    const bearer = seen
      .map(({ headers }) => /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1])
      .find((token) => token !== undefined);
    expect(bearer, 'an API call with the bearer token').toBeDefined();
    const token = bearer!;
    const leaks = seen.flatMap(({ url, headers }) =>
      Object.entries({ url, ...headers })
        .filter(([name, value]) => name !== 'authorization' && name !== 'token' && value.includes(token))
        .map(([name]) => `${name} of ${url}`),
    );
    expect(leaks).toEqual([]);
    // The same token in GraphQL's own header is the contract (SPEC: /gapi with a token header).
    const gapi = seen.filter(({ url }) => new URL(url).pathname === '/gapi');
    expect(gapi.length).toBeGreaterThan(0);
    expect(gapi.map(({ headers }) => headers.token === token)).not.toContain(false);
    await context.close();
  });
});
