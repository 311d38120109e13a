import { Field, SelectField, TextAreaField } from '@/components/field';
import { useFileTicket, type TicketInput } from '../api/file-ticket';
import { TICKET_SUBMITTED } from './messages';

import { useHelpForm, type Problems } from './use-help-form';
import { FormButtons } from '@/components/form-buttons';

const CATEGORIES = [
  ['general', 'General question'],
  ['technical', 'Something does not work'],
  ['account', 'My account or sign-in'],
  ['billing', 'Billing'],
  ['coaching', 'My coaching'],
] as const;

const initial: TicketInput = { category: 'general', subject: '', message: '' };

// The API's rules (subject one line up to 200 characters, message up to 10,000), checked before sending.
function check(t: TicketInput): Problems<TicketInput> {
  const problems: Problems<TicketInput> = {};
  if (!t.subject.trim()) problems.subject = 'Enter a subject.';
  if (!t.message.trim()) problems.message = 'Describe what you need help with.';
  return problems;
}

/** The support ticket form of /help. */
export function TicketForm() {
  const send = useFileTicket();
  const { values, set, problems, submit, pending } = useHelpForm({
    initial,
    check,
    send,
    done: TICKET_SUBMITTED,
  });
  return (
    <form className="help-form" onSubmit={submit} noValidate aria-labelledby="ticket-title">
      <h2 id="ticket-title">Contact support</h2>
      <p className="muted">Something not working, or a question about the portal? We answer by email.</p>
      <SelectField
        label="Topic"
        value={values.category}
        onChange={(e) => set('category', e.target.value)}
        error={problems.category}
      >
        {CATEGORIES.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <Field
        label="Subject"
        value={values.subject}
        maxLength={200}
        required
        onChange={(e) => set('subject', e.target.value)}
        error={problems.subject}
      />
      <TextAreaField
        label="Message"
        value={values.message}
        maxLength={10_000}
        required
        onChange={(e) => set('message', e.target.value)}
        error={problems.message}
      />
      <FormButtons submitLabel="Submit ticket" pendingLabel="Submitting..." pending={pending} />
    </form>
  );
}
