// The sign-in and password calls (SPEC §7's /api/auth/…, /api/v1/verifyOTP, /api/password/…): their bodies and
// answers, and the types the app's sign-in screens send and read.
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { signedIn } from './pieces.js';
import {
  boolean,
  closed,
  email,
  integer,
  label,
  line,
  newPassword,
  opaque,
  singleLine,
  string,
  userId,
} from './pieces.js';

export const credentials = closed(
  {
    email,
    password: line(128, { minLength: 1 }),
    device_token: opaque,
    browser: label,
    lookup: label,
  },
  ['email', 'password'],
);

/** loginotp's and loginotpfbs's data: whether the device is trusted, and what the next step needs if not. */
const loginStep = <const P extends Record<string, JSONSchema>>(pending: P) =>
  closed({ verified: boolean, user_id: integer, ...pending }, ['verified', 'user_id']);

export const otpStep = loginStep({ challenge: string, expires_in: integer, resend_in: integer });
/** otp is the opaque reference of the mailed sign-in link, never the link itself. */
export const linkStep = loginStep({ otp: string, expires_in: integer });

export const otpAgain = closed({ user_id: userId, challenge: opaque });
export const otpSent = closed({ sent: boolean, challenge: string, expires_in: integer, resend_in: integer });

export const otpCheck = closed(
  {
    user_id: userId,
    challenge: opaque,
    otp: {
      type: 'string',
      pattern: '^[0-9]{6}$',
      mismatch: 'Enter the 6-digit code from the email.',
      ...singleLine,
    },
    browser: label,
  },
  ['user_id', 'challenge', 'otp'],
);

/** A password chosen with a mailed token: a reset link's or an invitation's. */
export const passwordBody = closed({
  token: opaque,
  password: newPassword,
  password_confirmation: line(128),
});

/** What the sign-in form fills; credentialsBody adds the device's token and labels. */
export type Credentials = Pick<FromSchema<typeof credentials>, 'email' | 'password'>;
export type LoginStep = FromSchema<typeof otpStep>;
export type LinkStep = FromSchema<typeof linkStep>;
export type OtpAgain = FromSchema<typeof otpAgain>;
export type OtpSent = FromSchema<typeof otpSent>;
/** The code the person typed; the app adds the browser's label. */
export type OtpCheck = Omit<FromSchema<typeof otpCheck>, 'browser'>;
export type SignedInAnswer = FromSchema<typeof signedIn>;
export type PasswordInput = FromSchema<typeof passwordBody>;
