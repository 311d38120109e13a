import { Field, TextAreaField } from '@/components/field';
import { useUser } from '@/lib/session';
import { useAddReferral, type ReferralInput } from '../api/add-referral';
import { REFERRAL_SENT } from './messages';

import { useHelpForm, type Problems } from './use-help-form';
import { FormButtons } from '@/components/form-buttons';

const initial: ReferralInput = { first_name: '', last_name: '', email: '', note: '' };

/** Refers someone to the coaching company; the API mails them one invitation (at most one a day). */
export function ReferralForm() {
  const me = useUser();
  const send = useAddReferral();
  // The API's rules: both names, a valid address that is not the client's own.
  const check = (r: ReferralInput): Problems<ReferralInput> => {
    const problems: Problems<ReferralInput> = {};
    const email = r.email.trim().toLowerCase();
    if (!r.first_name.trim()) problems.first_name = 'Enter their first name.';
    if (!r.last_name.trim()) problems.last_name = 'Enter their last name.';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      problems.email = 'Enter an email address like name@example.com.';
    else if (email === me.email.toLowerCase())
      problems.email = 'Enter the address of someone else, not your own.';
    return problems;
  };
  const form = useHelpForm({ initial, check, send, done: REFERRAL_SENT });
  const { values, set, problems, submit, pending } = form;
  return (
    <form className="help-form" onSubmit={submit} noValidate aria-labelledby="referral-title">
      <h3 id="referral-title">Refer someone</h3>
      <p className="muted">
        Know someone who would benefit from coaching? We send them one short invitation naming you.
      </p>
      <div className="help-form-row">
        <Field
          label="Their first name"
          value={values.first_name}
          maxLength={100}
          required
          onChange={(e) => set('first_name', e.target.value)}
          error={problems.first_name}
        />
        <Field
          label="Their last name"
          value={values.last_name}
          maxLength={100}
          required
          onChange={(e) => set('last_name', e.target.value)}
          error={problems.last_name}
        />
      </div>
      <Field
        label="Their email"
        type="email"
        value={values.email}
        maxLength={254}
        required
        onChange={(e) => set('email', e.target.value)}
        error={problems.email}
      />
      <TextAreaField
        label="A note for your coach (optional)"
        hint="Only your coach reads this; it is not in the invitation."
        rows={3}
        value={values.note}
        maxLength={2000}
        onChange={(e) => set('note', e.target.value)}
        error={problems.note}
      />
      <FormButtons submitLabel="Send referral" pendingLabel="Sending..." pending={pending} />
    </form>
  );
}
