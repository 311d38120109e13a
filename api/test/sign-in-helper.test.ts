// The API tests get a signed-in person one way: signIn (helpers/sign-in.ts) over the one OTP login
// (helpers/otp-login.ts). A file with a sign-in of its own would drift from it (a new throttle, a changed
// answer) unnoticed. The files below post verifyOTP themselves because a step of the sign-in is what they test.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = fileURLToPath(new URL('.', import.meta.url));
const OWN_OTP_STEP: Record<string, string> = {
  'atomic-writes.test.ts': 'a verifyOTP whose write fails leaves the code usable',
  'login.test.ts': "verifyOTP's field messages",
  'mail-faults.test.ts': 'the code in a mail sent late still signs in',
  'many-instances.test.ts': 'a code resent through both instances signs in on either',
  'otp.test.ts': 'the OTP step itself',
  'password-reset.test.ts': 'a used reset link retires the code asked for before it',
  'plain-text.test.ts': "verifyOTP's text fields",
  'smtp.test.ts': 'the code in a mail sent over SMTP signs in',
  'user-schema.test.ts': "the user in verifyOTP's answer",
};

async function files(): Promise<Map<string, string>> {
  const names = (await readdir(here, { recursive: true })).filter(
    (name) => name.endsWith('.ts') && !name.startsWith('fixtures') && name !== 'sign-in-helper.test.ts',
  );
  return new Map(
    await Promise.all(names.map(async (name) => [name, await readFile(join(here, name), 'utf8')] as const)),
  );
}
const matching = async (pattern: RegExp) =>
  [...(await files())]
    .filter(([, text]) => pattern.test(text))
    .map(([name]) => name)
    .sort();

describe('signing in, in the API tests', () => {
  it("goes through signIn: no file but sign-in.ts calls the harness's login", async () => {
    expect(await matching(/\.login\(/)).toEqual([join('helpers', 'sign-in.ts')]);
  });

  it('posts verifyOTP only in the one OTP login and in the files that test a step of it', async () => {
    expect(await matching(/\/api\/v1\/verifyOTP/)).toEqual(
      [join('helpers', 'otp-login.ts'), ...Object.keys(OWN_OTP_STEP)].sort(),
    );
  });
});
