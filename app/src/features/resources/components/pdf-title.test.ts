import { describe, expect, it } from 'vitest';
import { withPdfTitle } from './pdf-title';

/** A small, valid PDF with a classic cross-reference table (one empty page). */
function samplePdf(trailerExtra = ''): Uint8Array<ArrayBuffer> {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 4\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size 4 /Root 1 0 R${trailerExtra} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

describe('withPdfTitle', () => {
  it('appends an update whose /Info titles the document, the file left as it was before it', () => {
    const pdf = samplePdf();
    const titled = text(withPdfTitle(pdf, 'Cash-flow “plan”.pdf'));
    expect(titled.startsWith(text(pdf))).toBe(true);
    const update = titled.slice(pdf.length);
    // The new object sits where the new cross-reference entry says, and the trailer chains to the old one.
    const entry = /xref\n4 1\n(\d{10}) 00000 n \n/.exec(update)?.[1];
    expect(titled.slice(Number(entry), Number(entry) + 8)).toBe('4 0 obj\n');
    const oldXref = /startxref\n(\d+)/.exec(text(pdf))![1];
    expect(update).toContain(`trailer\n<< /Size 5 /Root 1 0 R /Info 4 0 R /Prev ${oldXref} >>`);
    const newXref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(update)![1]);
    expect(titled.slice(newXref, newXref + 5)).toBe('xref\n');
    // UTF-16BE with its byte-order mark: 'C' is 0043, '“' is 201C.
    expect(update).toMatch(/\/Title <FEFF0043[0-9A-F]*201C[0-9A-F]*>/);
  });

  it('leaves alone what it cannot title: an encrypted file, or one that is no PDF', () => {
    const encrypted = samplePdf(' /Encrypt 9 0 R');
    expect(withPdfTitle(encrypted, 'x.pdf')).toBe(encrypted);
    const other = new TextEncoder().encode('not a pdf');
    expect(withPdfTitle(other, 'x.pdf')).toBe(other);
  });
});
