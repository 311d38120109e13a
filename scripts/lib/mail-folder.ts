/**
 * Mail the API wrote as .eml files (MAIL_DIR, no SMTP server): what the browser tests, `npm run lighthouse` and
 * `npm run bench:api` read a mailed one-time password or link from, as a user reads their inbox.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** The first match of `pattern` in the newest mail to `to` written after `since` (ms); waits up to 15 s. */
export async function fromMailFolder(
  mailDir: string,
  to: string,
  since: number,
  pattern: RegExp,
): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const names = (await readdir(mailDir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
    const files = await Promise.all(
      names.map(async (n) => ({
        file: path.join(mailDir, n),
        at: (await stat(path.join(mailDir, n))).mtimeMs,
      })),
    );
    for (const { file } of files.filter((f) => f.at >= since).sort((a, b) => b.at - a.at)) {
      const text = await readFile(file, 'utf8');
      const found = pattern.exec(text)?.[1];
      if (found && new RegExp(`^To: ${to}$`, 'm').test(text)) return found;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`No mail to ${to} matching ${pattern} arrived.`);
}

/** The one-time password in the newest mail to `to` written after `since`. */
export const otpFromMailFolder = (mailDir: string, to: string, since: number) =>
  fromMailFolder(mailDir, to, since, /one-time password is: (\d{6})/);
