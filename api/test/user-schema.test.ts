// Every answer that carries the logged-in user matches contracts/user.schema.json, the one definition of the SPEC §3
// user the app reads too: exactly its fields, of its types (the response schema drops extras, so a missing or
// mistyped field is what this catches).
import { readFile } from 'node:fs/promises';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, PASSWORD, nextIp } from './helpers/harness.js';
import { linkToken, waitForMail } from './helpers/mail.js';
import { signIn } from './helpers/sign-in.js';

const schema: { $id: string; properties: Record<string, object> } = JSON.parse(
  await readFile(new URL('../../contracts/user.schema.json', import.meta.url), 'utf8'),
);
const ajv = addFormats.default(new Ajv2020({ allErrors: true }));
// The trainings are the flags of flags.schema.json, which the user schema refers to.
ajv.addSchema(
  JSON.parse(await readFile(new URL('../../contracts/flags.schema.json', import.meta.url), 'utf8')),
);
const validUser = ajv.compile(schema);
// /me, the profile updates and GraphQL's member answer the same user without the session's tokens.
const { access_token: _access, pas_token: _pas, ...profileProperties } = schema.properties;
const validProfile = ajv.compile({
  ...schema,
  // Its own id, beside which the flags' relative reference resolves as the user schema's does.
  $id: new URL('profile.schema.json', schema.$id).href,
  required: Object.keys(profileProperties),
  properties: profileProperties,
});

const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

function expectUser(data: unknown, valid = validUser) {
  expect(valid(data), ajv.errorsText(valid.errors)).toBe(true);
}

describe('the user in every answer matches contracts/user.schema.json', () => {
  it('verifyOTP, studentlogin and fbslogin answer a valid user', async () => {
    const user = await h.createUser({
      title: 'Owner',
      website: 'https://acme.example',
      flags: { group_coaching: true },
    });
    const { challenge, code, ip } = await h.startOtp(user);
    const otp = await h.call('POST', '/api/v1/verifyOTP', {
      ip,
      body: { user_id: user.id, challenge, otp: code },
    });
    expect(otp.statusCode).toBe(200);
    expectUser(otp.json().data);

    const student = await h.call('POST', '/api/auth/studentlogin', {
      ip: nextIp(),
      body: { email: user.email, password: PASSWORD, device_token: otp.json().device_token },
    });
    expect(student.statusCode).toBe(200);
    expectUser(student.json().data);

    // Another user: the first was just mailed a code, and mails to one account are spaced out.
    const linked = await h.createUser();
    const started = await h.call('POST', '/api/auth/loginotpfbs', {
      ip: nextIp(),
      body: { email: linked.email, password: PASSWORD },
    });
    expect(started.statusCode).toBe(200);
    const { token } = linkToken(await waitForMail(h.mailDir, linked.email), 'fbslogin');
    const link = await h.call('POST', '/api/auth/fbslogin', { ip: nextIp(), body: { token } });
    expect(link.statusCode).toBe(200);
    expectUser(link.json().data);
  });

  it('/me and a profile update answer the same user without the tokens', async () => {
    const { user, token } = await signIn(h);
    const me = await h.call('GET', '/api/v1/me', { token });
    expect(me.statusCode).toBe(200);
    expectUser(me.json().data, validProfile);
    const updated = await h.call('POST', `/api/v1/students/updatetwo/${user.id}`, {
      token,
      body: { linkedin: 'https://linkedin.example/me' },
    });
    expect(updated.statusCode).toBe(200);
    expectUser(updated.json().data, validProfile);
  });
});
