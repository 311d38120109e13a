import { describe, expect, it, vi } from 'vitest';
import { EARLY_FONTS, earlyFontsReady } from './early-fonts';

/** A document whose head holds `head` and whose font loads wait for finish(). */
function page(head: string) {
  const doc = document.implementation.createHTMLDocument('t');
  doc.head.innerHTML = head;
  let finish!: () => void;
  const loaded = new Promise<never[]>((resolve) => (finish = () => resolve([])));
  const load = vi.fn((_font: string) => loaded);
  Object.defineProperty(doc, 'fonts', { value: { load } });
  return { doc, load, finish };
}

const state = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(() => 'settled'),
    new Promise((resolve) => setTimeout(() => resolve('pending'), 20)),
  ]);

describe('the fonts of a signed-in page at boot', () => {
  it('waits for the fonts index.html preloaded before the first render', async () => {
    const { doc, load, finish } = page('<link rel="preload" as="font" href="/assets/f.woff2" crossorigin>');
    const ready = earlyFontsReady(doc);
    expect(load.mock.calls.map(([font]) => font)).toEqual(EARLY_FONTS.map(({ font }) => font));
    expect(await state(ready)).toBe('pending');
    finish();
    expect(await state(ready)).toBe('settled');
  });

  it('waits for nothing on a page without them (the login screen, a guest)', async () => {
    const { doc, load } = page('<link rel="modulepreload" href="/assets/main.js">');
    expect(await state(earlyFontsReady(doc))).toBe('settled');
    expect(load).not.toHaveBeenCalled();
  });
});
