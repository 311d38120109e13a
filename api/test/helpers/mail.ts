// Reads the .eml files the API writes to its mail folder.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailMessage } from '../../../contracts/mail-message.js';

/** A mail the API wrote as an .eml file: the message it sent (contracts/mail-message.schema.json) and its file. */
export interface Mail extends MailMessage {
  file: string;
}

/** Text whose =XX escapes are bytes, as those bytes (anything else as its UTF-8), to be read as UTF-8 whole. */
const escapedBytes = (text: string): Buffer =>
  Buffer.from(
    text
      .split(/(=[0-9A-F]{2})/i)
      .flatMap((piece) =>
        /^=[0-9A-F]{2}$/i.test(piece) ? [parseInt(piece.slice(1), 16)] : [...Buffer.from(piece, 'utf8')],
      ),
  );

// Undoes quoted-printable soft line breaks and escapes, enough for the plain-text mails the API sends. The escapes
// are bytes of the UTF-8 text (a "€" is =E2=82=AC), so they are gathered as bytes and read as UTF-8 together:
// one character an escape would make "â\x82¬" of it.
export const decodeQuotedPrintable = (raw: string): string =>
  escapedBytes(raw.replace(/=\r?\n/g, '')).toString('utf8');

/** A Q-encoded word's text as bytes: "_" is a space, =XX a byte, anything else itself. */
const qBytes = (text: string): Buffer => escapedBytes(text.replace(/_/g, ' '));

/** A header with its RFC 2047 encoded words (=?UTF-8?Q?...?=, =?UTF-8?B?...?=) decoded, as a mail program shows it. */
const header = (value: string): string =>
  value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_m, kind: string, text: string) =>
      (kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : qBytes(text)).toString('utf8'),
    );

type Attachment = NonNullable<MailMessage['attachments']>[number];

/** A MIME entity's headers (folded lines joined) by lower-case name, and its body. */
function entity(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

function decoded(part: { headers: Map<string, string>; body: string }): string {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return decodeQuotedPrintable(part.body);
}

/** The parts of a multipart entity (none for a single part). */
function partsOf(mail: { headers: Map<string, string>; body: string }) {
  const boundary = /boundary="?([^";]+)"?/.exec(mail.headers.get('content-type') ?? '')?.[1];
  if (!boundary) return null;
  return mail.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((p) => entity(p.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
}

/**
 * A plain mail's text; a multipart one's text part, HTML part and attachments, looked for through nested parts
 * (a mail with an HTML body and a file is a mixed part around an alternative one).
 */
function contents(mail: { headers: Map<string, string>; body: string }) {
  if (!partsOf(mail)) return { text: decoded(mail) };
  const attachments: Attachment[] = [];
  let text = '';
  let html: string | undefined;
  const walk = (entity: { headers: Map<string, string>; body: string }) => {
    const parts = partsOf(entity);
    if (parts) return parts.forEach(walk);
    const type = entity.headers.get('content-type') ?? 'text/plain';
    const filename = /filename="?([^";]+)"?/.exec(entity.headers.get('content-disposition') ?? '')?.[1];
    // A binary file (a PDF) stays as the mail carries it, base64, for the test to decode.
    const binary = !/^text\//.test(type) && entity.headers.get('content-transfer-encoding') === 'base64';
    if (filename && binary)
      attachments.push({
        filename,
        contentType: type,
        content: entity.body.replace(/\s+/g, ''),
        encoding: 'base64',
      });
    else if (filename) attachments.push({ filename, contentType: type, content: decoded(entity) });
    else if (type.startsWith('text/plain')) text = decoded(entity);
    else if (type.startsWith('text/html')) html = decoded(entity);
  };
  walk(mail);
  return { text, ...(html === undefined ? {} : { html }), attachments };
}

export async function readMails(dir: string): Promise<Mail[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const mail = entity(await readFile(join(dir, file), 'utf8'));
      return {
        file,
        to: header(mail.headers.get('to') ?? ''),
        from: header(mail.headers.get('from') ?? ''),
        subject: header(mail.headers.get('subject') ?? ''),
        ...(mail.headers.has('message-id') ? { messageId: mail.headers.get('message-id')! } : {}),
        ...(mail.headers.has('list-unsubscribe')
          ? {
              headers: {
                'List-Unsubscribe': mail.headers.get('list-unsubscribe')!,
                'List-Unsubscribe-Post': mail.headers.get(
                  'list-unsubscribe-post',
                ) as 'List-Unsubscribe=One-Click',
              },
            }
          : {}),
        ...contents(mail),
      };
    }),
  );
}

export async function mailsTo(dir: string, to: string): Promise<Mail[]> {
  return (await readMails(dir)).filter((m) => m.to === to);
}

/** Waits until `to` has received `count` mails (some are sent after the response) and returns the last. */
export async function waitForMail(dir: string, to: string, count = 1): Promise<Mail> {
  for (let i = 0; i < 100; i++) {
    const mails = await mailsTo(dir, to);
    if (mails.length >= count) return mails[mails.length - 1]!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail #${count} to ${to} in ${dir}`);
}

export const otpCode = (mail: Mail): string => {
  const code = /one-time password is: (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail "${mail.subject}"`);
  return code;
};

export const linkToken = (
  mail: Mail,
  path: 'reset' | 'fbslogin' | 'invitation' | 'email-change',
): { url: string; token: string } => {
  const match = new RegExp(`(https://\\S+/${path}/)(\\S+)`).exec(mail.text);
  if (!match?.[1] || !match[2]) throw new Error(`no ${path} link in mail "${mail.subject}"`);
  return { url: match[1] + match[2], token: match[2] };
};
