/**
 * The fonts a signed-in page draws its text in (app/src/styles/fonts.css): by their @fontsource file name, which
 * index.html's inline script preloads with the page's data (./early-pages), and as the CSS font each is, which
 * the boot waits for (earlyFontsReady) before drawing the page over the pre-rendered shell.
 */
export const EARLY_FONTS = [
  { file: 'open-sans-latin-400-normal', font: '400 16px "Open Sans"' },
  { file: 'open-sans-latin-600-normal', font: '600 16px "Open Sans"' },
  { file: 'open-sans-latin-700-normal', font: '700 16px "Open Sans"' },
  { file: 'oswald-latin-500-normal', font: '500 16px Oswald' },
];

/** Longer than that, a page is drawn in the fallback fonts rather than wait on: they swap in when they come. */
const FONTS_WAIT_MS = 1500;

/**
 * When index.html preloaded the fonts (a signed-in page of ./early-pages): settles once they are in, so that the
 * app's first render draws its text in them; a render before them drew it in the fallback fonts and moved it
 * when they arrived (font-display: swap). Otherwise at once.
 */
export function earlyFontsReady(doc: Document = document): Promise<unknown> {
  if (!doc.fonts || !doc.querySelector('link[rel="preload"][as="font"]')) return Promise.resolve();
  const loads = Promise.all(EARLY_FONTS.map(({ font }) => doc.fonts.load(font))).catch(() => undefined);
  return Promise.race([loads, new Promise((resolve) => setTimeout(resolve, FONTS_WAIT_MS))]);
}
