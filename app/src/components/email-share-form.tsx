import { useId, useState, type FormEvent } from 'react';
import { toastFallback } from '@/lib/fallback-toast';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { Field } from './field';

/** SPEC §8's fallback for task and metrics sharing, word for word. */
const SHARE_FALLBACK = 'Unable to send email';

/**
 * Mails a list of the client's work (tasks, metrics) to an address. The address is checked here for typos and
 * again by the API. With `emptyHint`, an empty address is allowed: the API then sends to the client's coach.
 * 'Unable to send email' shows when the API fails without a message the interceptor could show (a 500).
 */
export function EmailShareForm({
  title,
  heading: Heading,
  className,
  sendLabel,
  emptyHint,
  share,
  pending,
  sentMessage,
}: {
  title: string;
  heading: 'h2' | 'h3';
  className: string;
  sendLabel: string;
  emptyHint?: string;
  /** Resolves with the API's answer; '' asks for the coach (only with emptyHint). */
  share: (email: string) => Promise<{ sent: boolean; to: string } | undefined>;
  pending: boolean;
  sentMessage: (to: string) => string;
}) {
  const [email, setEmail] = useState('');
  const { errors, show, fromError } = useFieldErrors<'email'>();
  const titleId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const to = email.trim();
    const typo = (to || !emptyHint) && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to);
    const problem = emptyHint
      ? 'Enter an email address like name@example.com, or leave it empty.'
      : 'Enter an email address like name@example.com.';
    if (show(typo ? { email: problem } : {}, form)) return;
    try {
      const answer = await share(to);
      if (answer?.sent) notify.success(sentMessage(answer.to));
      else notify.error(SHARE_FALLBACK);
    } catch (error) {
      if (!fromError(error, form)) toastFallback(error, SHARE_FALLBACK);
    }
  };

  return (
    <form className={className} onSubmit={submit} noValidate aria-labelledby={titleId}>
      <Heading id={titleId}>{title}</Heading>
      <div className="share-row">
        <Field
          label="Email address"
          hint={emptyHint}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? 'Sending...' : sendLabel}
        </button>
      </div>
    </form>
  );
}
