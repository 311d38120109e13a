/**
 * Signing in as a demo client in Chromium: email and password, then the OTP read from the newest .eml the API
 * wrote to the stack's mail folder for that address (or straight in on a device the API already trusts).
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';

export const DEMO_PASSWORD = 'portal-demo-1';

/** The OTP of the newest mail to `to` written at or after `since` (ms). */
export async function otpFromMail(mailDir: string, to: string, since: number): Promise<string> {
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
      const code = /one-time password is: (\d{6})/.exec(text)?.[1];
      if (code && new RegExp(`^To: ${to}$`, 'm').test(text)) return code;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`No OTP mail to ${to} arrived.`);
}

/** Logs in at `origin` and waits for the shell's main menu. */
export async function login(page: Page, origin: string, mailDir: string, email: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Sign in' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const otp = page.getByLabel('One-time password');
  await Promise.race([menu.waitFor(), otp.waitFor()]);
  if (await otp.isVisible()) {
    await otp.fill(await otpFromMail(mailDir, email, since));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await menu.waitFor();
}
