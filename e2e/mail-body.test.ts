/**
 * The app's second line against a hostile mail body, in Chromium: DOMPurify does not support happy-dom (the app
 * tests' DOM lets script through it), so the sanitiser the thread view uses is bundled as it is and run here.
 */
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';

const SOURCE = fileURLToPath(new URL('../app/src/lib/sanitize-body.ts', import.meta.url));

let browser: Browser;
let page: Page;
const requested: string[] = [];

beforeAll(async () => {
  // Vite (the app's own bundler) in library mode, in memory: the module and DOMPurify as the app ships them.
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: { entry: SOURCE, formats: ['iife'], name: 'mailBody', fileName: 'mail-body' },
    },
  })) as Rolldown.RolldownOutput[];
  const script = output[0]!.output[0].code;
  browser = await launchBrowser();
  page = await browser.newPage();
  // Anything the sanitised body would fetch (a tracking pixel, a background) is recorded and refused.
  await page.route('**/*', (route) => {
    requested.push(route.request().url());
    return route.abort();
  });
  await page.setContent('<!doctype html><html><body><main id="out"></main></body></html>');
  await page.addScriptTag({ content: script });
});

afterAll(() => browser?.close());

/** Sanitises `html` in the page and renders it there, as the thread view does. */
const render = (html: string) =>
  page.evaluate((dirty) => {
    const { sanitizeBody } = (window as unknown as { mailBody: { sanitizeBody: (h: string) => string } })
      .mailBody;
    const out = document.getElementById('out')!;
    out.innerHTML = sanitizeBody(dirty);
    return out.innerHTML;
  }, html);

describe('a mail body in the thread view', () => {
  it('runs no script and keeps no handler', async () => {
    const html = await render(
      [
        '<p>Hello <b>Rachel</b></p>',
        '<script>window.pwned = 1</script>',
        '<svg><script>window.pwned = 2</script></svg>',
        '<a href="javascript:window.pwned = 3">bad link</a>',
        '<div onclick="window.pwned = 4" onmouseover="window.pwned = 5">div</div>',
        '<iframe src="https://evil.example/"></iframe>',
        '<form action="https://evil.example/"><input name="password"><button>Go</button></form>',
      ].join(''),
    );
    // Forbidden elements keep their text (the form's button leaves 'Go'), never their markup.
    expect(html).toBe('<p>Hello <b>Rachel</b></p><a>bad link</a><div>div</div>Go');
    await page.click('#out a');
    await page.click('#out div');
    expect(await page.evaluate(() => (window as { pwned?: unknown }).pwned)).toBeUndefined();
  });

  it('links only to http, https and mailto, each in a new tab without an opener', async () => {
    const html = await render(
      [
        '<a href="https://example.com/plan" target="_self">plan</a>',
        '<a href="http://example.com/">http</a>',
        '<a href="mailto:dana@example.com">mail</a>',
        '<a href="data:text/html,hi">data</a>',
        '<a href="/relative">relative</a>',
        '<a href="ftp://example.com/">ftp</a>',
      ].join(''),
    );
    expect(html).toBe(
      [
        '<a href="https://example.com/plan" target="_blank" rel="noopener noreferrer">plan</a>',
        '<a href="http://example.com/" target="_blank" rel="noopener noreferrer">http</a>',
        '<a href="mailto:dana@example.com" target="_blank" rel="noopener noreferrer">mail</a>',
        '<a>data</a><a>relative</a><a>ftp</a>',
      ].join(''),
    );
  });

  it('loads no remote image: each becomes an [image] note', async () => {
    requested.length = 0;
    const html = await render(
      [
        '<p>Logo: <img src="https://tracker.example/pixel.gif" alt="logo"></p>',
        '<p style="background:url(https://tracker.example/bg.png)">styled</p>',
        '<table background="https://tracker.example/table.png"><tr><td>cell</td></tr></table>',
        '<picture><source srcset="https://tracker.example/a.webp"></picture>',
        '<video poster="https://tracker.example/poster.png"></video>',
        '<link rel="stylesheet" href="https://tracker.example/s.css">',
      ].join(''),
    );
    expect(html).toBe(
      '<p>Logo: [image]</p><p>styled</p><table><tbody><tr><td>cell</td></tr></tbody></table>',
    );
    expect(requested).toEqual([]);
  });
});
