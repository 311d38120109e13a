import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Field } from '@/components/field';
import { useFieldErrors } from '@/lib/use-field-errors';
import { expiryText } from './expiry-text';

export const OTP_RESEND_SECONDS = 300;

interface OtpFormProps {
  email: string;
  /** Seconds the mailed code works, as the API answered; unsaid when an API leaves it out. */
  expiresIn: number | undefined;
  busy: boolean;
  resendIn: number;
  resending: boolean;
  onVerify(otp: string): Promise<void>;
  onResend(): Promise<void>;
  onBack(): void;
}

/** The one-time-password step, shown only after the server generated and mailed a code (SPEC §4, §5). */
export function OtpForm({
  email,
  expiresIn,
  busy,
  resendIn,
  resending,
  onVerify,
  onResend,
  onBack,
}: OtpFormProps) {
  const [otp, setOtp] = useState('');
  const { errors, show, fromError } = useFieldErrors<'otp'>();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    if (show(/^[0-9]{6}$/.test(otp) ? {} : { otp: 'Enter the 6-digit code from the email.' }, form)) return;
    await onVerify(otp).catch((error: unknown) => {
      // A wrong or expired code is said beside the code, which is selected for typing the right one.
      fromError(error);
      input.current?.select();
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <p className="auth-text">
        We sent a one-time password to <strong>{email}</strong>. It works once
        {expiresIn === undefined ? '.' : ` and expires in ${expiryText(expiresIn)}.`}
      </p>
      <Field
        ref={input}
        label="One-time password"
        name="otp"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        value={otp}
        error={errors.otp}
        onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, 6))}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Verifying...' : 'Verify'}
      </button>
      <div className="otp-actions">
        <button
          type="button"
          className="btn btn-link"
          disabled={resendIn > 0 || resending}
          onClick={() => void onResend().catch(() => undefined)}
        >
          {resendIn > 0 ? `Resend OTP (${resendIn})` : resending ? 'Sending...' : 'Resend OTP'}
        </button>
        <button type="button" className="btn btn-link" onClick={onBack}>
          Use a different account
        </button>
      </div>
    </form>
  );
}
