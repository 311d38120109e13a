// A mail as the API sends it is contracts/mail-message.schema.json's message, the one shape the mailer, the outbox
// and the tests' reader are typed with: read back from the mail folder, every field is there and conforms.
import { readFile } from 'node:fs/promises';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness } from './helpers/harness.js';
import { waitForMail } from './helpers/mail.js';

const schema = JSON.parse(
  await readFile(new URL('../../contracts/mail-message.schema.json', import.meta.url), 'utf8'),
) as object;
const ajv = new Ajv2020({ allErrors: true });
const valid = ajv.compile(schema);

const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

describe('contracts/mail-message.schema.json', () => {
  it('is what a sent mail holds: to, from, subject, text, its HTML and Message-ID, nothing else', async () => {
    const user = await h.createUser();
    await h.startOtp(user);
    const { file: _file, ...message } = await waitForMail(h.mailDir, user.email);
    expect(valid(message), ajv.errorsText(valid.errors)).toBe(true);
    expect(message.to).toBe(user.email);
    expect(message.from).toContain('Alpha Coaching');
    expect(message.html).toContain('<html lang="en"');
    expect(message.messageId).toMatch(/@portal\.alpha-coaching\.example>$/);
  });
});
