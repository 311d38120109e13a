// The login calls of SPEC §7 (see api/README.md for the full contract the app codes against).
import type { SignedIn } from '../services/auth/login-service.js';
import { linkTtlMs } from '../services/auth/login-service.js';
import { otpLimits } from '../services/auth/otp-service.js';
import { LIMITS } from '../services/limits/limits.js';
import { everyoneRoute, route } from './route.js';
import {
  boolean,
  closed,
  label,
  line,
  ok,
  opaque,
  profile,
  sessionUser,
  signedIn,
  string,
  tenantHeaders,
} from '../../../contracts/rest/pieces.js';
import { credentials, linkStep, otpAgain, otpCheck, otpSent, otpStep } from '../../../contracts/rest/auth.js';

const tenant = { tenant: true };

const signedInBody = ({ user, device }: SignedIn) => ({
  data: user,
  device_token: device.token,
  device_expires_at: device.expiresAt.toISOString(),
});

const expiresIn = otpLimits.ttlMs / 1000;
const resendIn = LIMITS['sign-in mails'].gapMs / 1000;

export const studentLogin = route({
  roles: 'anyone',
  schema: { headers: tenantHeaders, body: credentials, response: ok(sessionUser) },
  config: tenant,
  limited: true,
  async handle(s, request) {
    return { data: await s.login.studentLogin(request.tenant, request.body, request.ip) };
  },
});

// loginotp and loginotpfbs answer { data: { verified, user_id, ...what the next step needs }, encoded }.
const loginStep = <const D extends typeof otpStep | typeof linkStep>(data: D) => ({
  headers: tenantHeaders,
  body: credentials,
  response: ok(data, { encoded: string }),
});

export const loginOtp = route({
  roles: 'anyone',
  schema: loginStep(otpStep),
  config: tenant,
  limited: true,
  async handle(s, request) {
    const step = await s.login.loginOtp(request.tenant, request.body, request.ip);
    const pending = step.verified ? {} : { expires_in: expiresIn, resend_in: resendIn };
    return { data: { ...step, ...pending }, encoded: s.encodeId(request.tenant.id, step.user_id) };
  },
});

// SPEC: "Returns data.otp and encoded". data.otp is the opaque reference of a mailed sign-in link, never a code.
export const loginOtpFbs = route({
  roles: 'anyone',
  schema: loginStep(linkStep),
  config: tenant,
  limited: true,
  async handle(s, request) {
    const step = await s.login.loginLink(request.tenant, request.body, request.ip);
    const data = step.verified
      ? { verified: true, user_id: step.user_id }
      : { verified: false, user_id: step.user_id, otp: step.challenge, expires_in: linkTtlMs / 1000 };
    return { data, encoded: s.encodeId(request.tenant.id, step.user_id) };
  },
});

export const generateOtp = route({
  roles: 'anyone',
  schema: {
    headers: tenantHeaders,
    body: otpAgain,
    response: ok(otpSent, { message: string }),
  },
  config: tenant,
  limited: true,
  async handle(s, request) {
    const { body } = request;
    await s.otp.resend(request.tenant, body.user_id, body.challenge, request.ip);
    return {
      data: { sent: true, challenge: body.challenge, expires_in: expiresIn, resend_in: resendIn },
      message: 'A One-Time Password (OTP) has been sent to your email',
    };
  },
});

export const verifyOtp = route({
  roles: 'anyone',
  schema: {
    headers: tenantHeaders,
    body: otpCheck,
    response: { 200: signedIn },
  },
  config: tenant,
  limited: true,
  async handle(s, request) {
    return signedInBody(await s.login.verifyOtp(request.tenant, request.body));
  },
});

export const fbsLogin = route({
  roles: 'anyone',
  schema: {
    headers: tenantHeaders,
    body: closed({ token: opaque, browser: label }, ['token']),
    response: { 200: signedIn },
  },
  config: tenant,
  limited: true,
  async handle(s, request) {
    return signedInBody(await s.login.exchangeLink(request.tenant, request.body));
  },
});

export const logout = everyoneRoute({
  schema: { response: ok(closed({ logout: boolean })) },
  async handle(s, request) {
    await s.sessions.revoke(request.caller);
    return { data: { logout: true } };
  },
});

export const me = everyoneRoute({
  schema: { response: ok(profile) },
  async handle(s, request) {
    return { data: await s.login.profile(request.caller.tenantId, request.caller.userId) };
  },
});

export const verifyRecaptcha = route({
  roles: 'anyone',
  schema: {
    headers: tenantHeaders,
    body: closed({ token: line(4096, { minLength: 1 }) }),
    response: ok(closed({ enabled: boolean, success: boolean })),
  },
  config: tenant,
  limited: true,
  async handle(s, request, reply) {
    const result = await s.captcha.verify(request.tenant.id, request.body.token, request.ip);
    if (!result.success)
      return reply.code(422).send({ error: { token: ['CAPTCHA verification failed. Please try again.'] } });
    return { data: result };
  },
});
