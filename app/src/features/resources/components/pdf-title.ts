/**
 * A PDF with the file's name as its document title. The preview frames a blob: URL, and a browser's PDF viewer
 * titles a document by its metadata title or else by the last part of its URL: a blob's UUID. So the preview
 * appends an incremental update (the way PDF editors save a change: the file is left as it is, a new /Info
 * object, cross-reference section and trailer follow it) that sets /Title. A file this cannot read (no
 * trailer found, or encrypted, whose strings would need the key) is shown as it is.
 */

/** Each byte as one character (a single-byte encoding), so string offsets are byte offsets. */
const bytesAsText = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

/** A PDF text string in UTF-16BE with its byte-order mark, written in hex: any name, nothing to escape. */
function pdfText(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${hex.toUpperCase()}>`;
}

/** The last 'startxref' offset, and the /Root and /Size of the trailer (or cross-reference stream) it names. */
function lastTrailer(pdf: Uint8Array): { prev: number; root: string; size: number } | null {
  const end = bytesAsText(pdf.subarray(Math.max(0, pdf.length - 1024)));
  const prev = Number([...end.matchAll(/startxref\s+(\d+)/g)].at(-1)?.[1] ?? NaN);
  if (!Number.isInteger(prev) || prev >= pdf.length) return null;
  // From the last cross-reference section to the end: a classic table and its trailer, or a stream's header.
  const section = bytesAsText(pdf.subarray(prev));
  if (/\/Encrypt\b/.test(section)) return null;
  const root = /\/Root\s+(\d+\s+\d+)\s+R/.exec(section)?.[1];
  const size = Number(/\/Size\s+(\d+)/.exec(section)?.[1] ?? NaN);
  return root && Number.isInteger(size) ? { prev, root, size } : null;
}

export function withPdfTitle(pdf: Uint8Array<ArrayBuffer>, title: string): Uint8Array<ArrayBuffer> {
  if (bytesAsText(pdf.subarray(0, 5)) !== '%PDF-') return pdf;
  const trailer = lastTrailer(pdf);
  if (!trailer) return pdf;
  const { prev, root, size } = trailer;
  const info = `\n${size} 0 obj\n<< /Title ${pdfText(title)} >>\nendobj\n`;
  const xrefAt = pdf.length + info.length;
  const update =
    info +
    `xref\n${size} 1\n${String(pdf.length + 1).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${size + 1} /Root ${root} R /Info ${size} 0 R /Prev ${prev} >>\n` +
    `startxref\n${xrefAt}\n%%EOF\n`;
  // Every character of `update` is ASCII: one byte each, so the offsets above hold.
  const tail = new TextEncoder().encode(update);
  const titled = new Uint8Array(pdf.length + tail.length);
  titled.set(pdf);
  titled.set(tail, pdf.length);
  return titled;
}
