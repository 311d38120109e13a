// Password reset (SPEC §7: password/create sends the mail, password/reset sets the new password), and the first
// password an invited person sets from their invitation's link, with the same rules; and the link that confirms
// a new login email.
import { FieldError } from '../errors.js';
import { route } from './route.js';
import { boolean, closed, email, ok, opaque, string, tenantHeaders } from '../../../contracts/rest/pieces.js';
import { passwordBody } from '../../../contracts/rest/auth.js';

export const createReset = route({
  roles: 'anyone',
  schema: {
    headers: tenantHeaders,
    body: closed({ email }),
    response: ok(closed({ sent: boolean }), { message: string }),
  },
  config: { tenant: true },
  limited: true,
  async handle(s, request) {
    await s.resets.request(request.tenant, request.body.email, request.ip);
    // The same answer for every address: whether an account exists is not the caller's business.
    return {
      data: { sent: true },
      message: 'If an account exists for that email, we have sent a link to reset its password.',
    };
  },
});

const confirmed = (body: { password: string; password_confirmation: string }) => {
  if (body.password !== body.password_confirmation) {
    throw new FieldError({ password_confirmation: ['The password confirmation does not match.'] });
  }
};

export const resetPassword = route({
  roles: 'anyone',
  schema: {
    headers: tenantHeaders,
    body: passwordBody,
    response: ok(closed({ reset: boolean }), { message: string }),
  },
  config: { tenant: true },
  limited: true,
  async handle(s, request) {
    const { body } = request;
    confirmed(body);
    await s.resets.reset(request.tenant, body.token, body.password);
    return {
      data: { reset: true },
      message: 'Your password has been reset. Please log in with the new password.',
    };
  },
});

export const acceptInvitation = route({
  roles: 'anyone',
  schema: {
    headers: tenantHeaders,
    body: passwordBody,
    response: ok(closed({ accepted: boolean }), { message: string }),
  },
  config: { tenant: true },
  limited: true,
  async handle(s, request) {
    const { body } = request;
    confirmed(body);
    await s.people.acceptInvitation(request.tenant, body.token, body.password);
    return {
      data: { accepted: true },
      message: 'Your password is set. Log in with your email and the new password.',
    };
  },
});

/** The new address of a login email change opens its link: the change takes effect (email-change.ts). */
export const confirmEmailChange = route({
  roles: 'anyone',
  schema: {
    headers: tenantHeaders,
    body: closed({ token: opaque }),
    response: ok(closed({ email: string }), { message: string }),
  },
  config: { tenant: true },
  limited: true,
  async handle(s, request) {
    const data = await s.emailChanges.confirm(request.tenant, request.body.token);
    return {
      data,
      message: `Your login email is now ${data.email}. You have been signed out everywhere: sign in with your new email.`,
    };
  },
});
