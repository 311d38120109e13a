// A PDF's text as a reader extracts it (pdf.js, the viewer of Firefox and many others): what a person copying or
// searching the file gets, so a test of it sees what was really drawn, not what was meant to be.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Every page's text, the items of a line joined by spaces and the lines by newlines. */
export async function pdfText(bytes: Uint8Array | Buffer): Promise<string> {
  // verbosity 0: pdf.js's warnings about fonts it need not render are no business of a text check.
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(
      content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''),
    );
  }
  await doc.destroy();
  return pages.join('\n');
}
