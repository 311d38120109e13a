// The PDF of a signed agreement: the exact text signed, then the signature's record (the typed name, the time in
// the signer's zone, the address, the browser and the text's hash), so the paper can be checked against the
// database: the hash printed is the one stored, and the text above it hashes to it.
import { createPdf } from '../pdf/pdf-document.js';
import { richTextParagraphs } from '../pdf/rich-text-lines.js';

interface SignedAgreement {
  title: string;
  version: number;
  body_html: string;
  typed_name: string;
  signed_at: Date;
  time_zone: string;
  ip_address: string;
  user_agent: string;
  text_sha256: string;
  first_name: string;
  last_name: string;
  email: string;
}

/** "29 November 2026, 15:04:05 (Europe/Warsaw, GMT+01:00)": a reader in another zone still knows the instant. */
function signedTime(at: Date, zone: string): string {
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, ...options }).format(at);
  const date = format({ day: 'numeric', month: 'long', year: 'numeric' });
  const time = format({ hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const offset =
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  return `${date}, ${time} (${zone}, ${offset})`;
}

export async function agreementPdf(signed: SignedAgreement, tenantName: string): Promise<Uint8Array> {
  const signer = `${signed.first_name} ${signed.last_name}`.trim() || signed.email;
  const pdf = await createPdf({ title: `${signed.title} (version ${signed.version})`, author: tenantName });
  pdf.paragraph(tenantName, { size: 9, muted: true });
  pdf.heading(signed.title);
  pdf.paragraph(`Version ${signed.version}`, { size: 9, muted: true });
  for (const paragraph of richTextParagraphs(signed.body_html)) pdf.paragraph(paragraph);
  pdf.rule();
  pdf.heading('Signature');
  pdf.field('Signed by', `${signed.typed_name} (typed), for ${signer} <${signed.email}>`);
  pdf.field('Agreed', 'Yes: ticked "I agree to this agreement"');
  pdf.field('Signed on', signedTime(signed.signed_at, signed.time_zone));
  pdf.field('UTC', signed.signed_at.toISOString());
  pdf.field('IP address', signed.ip_address);
  pdf.field('Browser', signed.user_agent || 'not sent');
  pdf.field('Text SHA-256', signed.text_sha256);
  pdf.space(8);
  pdf.paragraph(
    'The SHA-256 is of the agreement text exactly as it was shown and signed (its HTML, UTF-8). The signature ' +
      'record is kept unchanged by the portal.',
    { size: 8.5, muted: true },
  );
  return pdf.save();
}
