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
] as const satisfies readonly (readonly [TicketInput['category'], string])[];

// The API's limit, said and counted in the field's hint; a longer subject (a paste) is refused beside the field,
// never cut without a word.
const SUBJECT_MAX = 200;

const initial: TicketInput = { category: 'general', subject: '', message: '' };

// The API's rules (subject one line up to 200 characters, message up to 10,000), checked before sending.
function check(t: TicketInput): Problems<TicketInput> {
  const problems: Problems<TicketInput> = {};
  const subject = t.subject.trim();
  if (!subject) problems.subject = 'Enter a subject.';
  else if (subject.length > SUBJECT_MAX)
    problems.subject = `Shorten the subject to ${SUBJECT_MAX} characters: it has ${subject.length}.`;
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
      <p className="muted">
        Something not working, or a question about the portal? Your coach answers by email, and the answer
        shows under Your tickets below.
      </p>
      <SelectField
        label="Topic"
        value={values.category}
        // The select offers CATEGORIES alone, each one of the API's (checked above).
        onChange={(e) => set('category', e.target.value as TicketInput['category'])}
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
        hint={`At most ${SUBJECT_MAX} characters (${values.subject.length} typed).`}
        value={values.subject}
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
