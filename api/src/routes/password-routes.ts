// Password reset (SPEC §7: password/create sends the mail, password/reset sets the new password).
import { FieldError } from '../errors.js';
import { route } from './route.js';
import { closed, email, line, newPassword, ok, opaque, tenantHeaders } from './schemas.js';

export const createReset = route({
  roles: 'anyone',
  schema: {
    headers: tenantHeaders,
    body: closed({ email }),
    response: ok(closed({ sent: { type: 'boolean' } }), { message: { type: 'string' } }),
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

export const resetPassword = route({
  roles: 'anyone',
  schema: {
    headers: tenantHeaders,
    body: closed({
      token: opaque,
      password: newPassword,
      password_confirmation: line(128),
    }),
    response: ok(closed({ reset: { type: 'boolean' } }), { message: { type: 'string' } }),
  },
  config: { tenant: true },
  limited: true,
  async handle(s, request) {
    const { body } = request;
    if (body.password !== body.password_confirmation) {
      throw new FieldError({ password_confirmation: ['The password confirmation does not match.'] });
    }
    await s.resets.reset(request.tenant, body.token, body.password);
    return {
      data: { reset: true },
      message: 'Your password has been reset. Please log in with the new password.',
    };
  },
});
