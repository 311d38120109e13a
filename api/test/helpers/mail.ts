// Reads the .eml files the API writes to its mail folder.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailMessage } from '../../../schemas/mail-message.js';

/** A mail the API wrote as an .eml file: the message it sent (schemas/mail-message.schema.json) and its file. */
export interface Mail extends MailMessage {
  file: string;
}

// Undoes quoted-printable soft line breaks and escapes, enough for the plain-text mails the API sends.
export const decodeQuotedPrintable = (raw: string): string =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export async function readMails(dir: string): Promise<Mail[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = decodeQuotedPrintable(await readFile(join(dir, file), 'utf8'));
      const [head = '', ...body] = raw.split(/\r?\n\r?\n/);
      return {
        file,
        to: /^To: (.*)$/m.exec(head)?.[1] ?? '',
        from: /^From: (.*)$/m.exec(head)?.[1] ?? '',
        subject: /^Subject: (.*)$/m.exec(head)?.[1] ?? '',
        text: body.join('\n\n'),
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

export const linkToken = (mail: Mail, path: 'reset' | 'fbslogin'): { url: string; token: string } => {
  const match = new RegExp(`(https://\\S+/${path}/)(\\S+)`).exec(mail.text);
  if (!match?.[1] || !match[2]) throw new Error(`no ${path} link in mail "${mail.subject}"`);
  return { url: match[1] + match[2], token: match[2] };
};
