// The API's PDFs (a signed agreement, an invoice or credit note): A4 pages of wrapped text in one embedded
// font. The font is DejaVu Sans from the dejavu-fonts-ttf package, embedded (subset to the glyphs used) rather
// than one of PDF's standard 14 fonts, whose WinAnsi encoding cannot write "Łukasz" or most names outside
// Western Europe: what a person typed is printed as they typed it. pdf-lib writes a ToUnicode map for an
// embedded font, so the text can be searched, copied and read back (the tests do).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type Fontkit from '@pdf-lib/fontkit';
import type * as PdfLib from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';

const require = createRequire(import.meta.url);
const fontFile = (name: string) => require.resolve(`dejavu-fonts-ttf/ttf/${name}`);

let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
/**
 * pdf-lib and fontkit, loaded at the first PDF rather than with the API: about 0.35 s of every start (each test
 * file and browser test starts one) that most starts never use, as with the Stripe SDK.
 */
let libraries: Promise<[typeof PdfLib, typeof Fontkit]> | undefined;
const pdfLibraries = () =>
  (libraries ??= Promise.all([
    import('pdf-lib'),
    import('@pdf-lib/fontkit').then((m) => parsedOnce(m.default)),
  ]));

/**
 * fontkit whose parse of a font file is kept: pdf-lib parses the font again for every document it embeds it in,
 * which was most of an invoice PDF's time (npm run bench:invoice). A parsed font is only read when a document
 * takes its subset, so one parse serves every document; the files are the two read once below.
 */
function parsedOnce(fontkit: typeof Fontkit): typeof Fontkit {
  const parsed = new Map<Uint8Array, ReturnType<typeof Fontkit.create>>();
  return {
    ...fontkit,
    create(data, postscriptName) {
      let font = parsed.get(data);
      if (!font) parsed.set(data, (font = fontkit.create(data, postscriptName)));
      return font;
    },
  };
}

/** Read once per process: the two files are about 1.4 MB. */
const fontBytes = () =>
  (fonts ??= Promise.all([
    readFile(fontFile('DejaVuSans.ttf')),
    readFile(fontFile('DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold })));

const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 56;
const WIDTH = A4.width - 2 * MARGIN;

/** A colour as #rrggbb (a tenant's theme colour); anything else is the text's near-black. */
type Hex = string;

interface PdfWriter {
  heading(text: string, options?: { color?: Hex }): void;
  paragraph(text: string, options?: { size?: number; muted?: boolean }): void;
  /** A label and its value on one line (wrapped under the value when long). */
  field(label: string, value: string): void;
  space(points: number): void;
  /** A thin rule across the page, in `color` (and thicker) when given. */
  rule(color?: Hex): void;
  /**
   * One row of a table: the first cell wraps in what the others leave, each other cell is right-aligned in its
   * column of `widths` points, ending at the right margin (amounts line up whatever their width).
   */
  row(cells: string[], widths: number[], options?: { bold?: boolean; muted?: boolean }): void;
  save(): Promise<Uint8Array>;
}

/** Splits `text` into lines no wider than `width` at `size`, breaking at spaces (a long word on its own). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const next = line === '' ? word : `${line} ${word}`;
      if (line !== '' && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

/** A new document titled `title` (its metadata), written top to bottom with new pages as it fills. */
export async function createPdf(meta: { title: string; author: string }): Promise<PdfWriter> {
  const [{ PDFDocument, rgb }, fontkit] = await pdfLibraries();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const bytes = await fontBytes();
  const regular = await doc.embedFont(bytes.regular, { subset: true });
  const bold = await doc.embedFont(bytes.bold, { subset: true });
  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setCreator('Coaching portal');
  doc.setProducer('Coaching portal');

  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;

  const ink = rgb(0.08, 0.08, 0.12);
  const colour = (hex: Hex | undefined) => {
    const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? '');
    return m ? rgb(parseInt(m[1]!, 16) / 255, parseInt(m[2]!, 16) / 255, parseInt(m[3]!, 16) / 255) : ink;
  };
  const lineOf = (text: string, font: PDFFont, size: number, x: number, muted = false, hex?: Hex) => {
    const height = size * 1.4;
    if (y - height < MARGIN) {
      page = doc.addPage([A4.width, A4.height]);
      y = A4.height - MARGIN;
    }
    y -= height;
    page.drawText(text, { x, y, size, font, color: muted ? rgb(0.35, 0.35, 0.4) : colour(hex) });
  };

  return {
    heading(text, options = {}) {
      for (const line of wrap(text, bold, 16, WIDTH)) lineOf(line, bold, 16, MARGIN, false, options.color);
      y -= 6;
    },
    paragraph(text, options = {}) {
      const size = options.size ?? 10.5;
      for (const line of wrap(text, regular, size, WIDTH)) lineOf(line, regular, size, MARGIN, options.muted);
      y -= size * 0.6;
    },
    field(label, value) {
      const size = 10;
      const labelWidth = 120;
      const lines = wrap(value, regular, size, WIDTH - labelWidth);
      lineOf(label, bold, size, MARGIN);
      y += size * 1.4;
      for (const line of lines) lineOf(line, regular, size, MARGIN + labelWidth);
    },
    space(points) {
      y -= points;
    },
    rule(hex) {
      y -= 8;
      page.drawLine({
        start: { x: MARGIN, y },
        end: { x: A4.width - MARGIN, y },
        thickness: hex ? 2 : 0.5,
        color: hex ? colour(hex) : rgb(0.7, 0.7, 0.75),
      });
      y -= 8;
    },
    row(cells, widths, options = {}) {
      const size = 10;
      const font = options.bold ? bold : regular;
      const rest = widths.reduce((sum, w) => sum + w, 0);
      const [first = '', ...others] = cells;
      const lines = wrap(first, font, size, WIDTH - rest - 8);
      lines.forEach((line, n) => {
        lineOf(line, font, size, MARGIN, options.muted);
        if (n > 0) return;
        // The other cells on the first line's baseline, each ending at its column's right edge, drawn left to
        // right so that a reader copying the row gets them in order.
        let right = A4.width - MARGIN - rest;
        others.forEach((text, i) => {
          right += widths[i]!;
          const x = right - font.widthOfTextAtSize(text, size);
          page.drawText(text, { x, y, size, font, color: options.muted ? rgb(0.35, 0.35, 0.4) : ink });
        });
      });
      y -= 3;
    },
    save: () => doc.save(),
  };
}
