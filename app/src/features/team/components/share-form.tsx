import { useState, type FormEvent } from 'react';
import { Field } from '@/components/field';
import { toastFallback } from '@/lib/fallback-toast';
import { notify } from '@/lib/toast';
import { useShareTasks } from '../api/share-tasks';
import { SHARE_FALLBACK, sharedMessage } from './messages';

/** Mails the task list to an address. The address is checked here for typos and again by the API. */
export function ShareForm() {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const share = useShareTasks();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const to = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to))
      return setProblem('Enter an email address like name@example.com.');
    setProblem(null);
    try {
      const answer = await share.mutateAsync(to);
      if (answer?.sent) notify.success(sharedMessage(answer.to));
      else notify.error(SHARE_FALLBACK);
    } catch (error) {
      toastFallback(error, SHARE_FALLBACK);
    }
  };

  return (
    <form className="team-form share-form" onSubmit={submit} noValidate aria-labelledby="share-title">
      <h3 id="share-title">Share the task list by email</h3>
      <div className="share-row">
        <Field
          label="Email address"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={problem}
        />
        <button type="submit" className="btn btn-primary" disabled={share.isPending}>
          {share.isPending ? 'Sending...' : 'Send'}
        </button>
      </div>
    </form>
  );
}
