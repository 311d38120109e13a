import { useId } from 'react';
import { Field, TextAreaField } from '@/components/field';
import { usePortal } from '@/lib/portal-context';
import { useAddTestimonial, type TestimonialInput } from '../api/add-testimonial';
import { TESTIMONIAL_SENT, consentText } from './messages';

import { useHelpForm, type Problems } from './use-help-form';

const initial: TestimonialInput = { testimonial: '', display_name: '', consent: false };

// The API's rules: 20 to 5,000 characters, a name to sign with, and consent to publish.
function check(t: TestimonialInput): Problems<TestimonialInput> {
  const problems: Problems<TestimonialInput> = {};
  if (t.testimonial.trim().length < 20) problems.testimonial = 'Write at least 20 characters.';
  if (!t.display_name.trim()) problems.display_name = 'Enter the name to sign it with.';
  if (!t.consent) problems.consent = 'Tick the box to let us publish your testimonial.';
  return problems;
}

/** A testimonial, sent only with the client's stated consent to publish it. */
export function TestimonialForm() {
  const { config } = usePortal();
  const send = useAddTestimonial();
  const { values, set, problems, submit, pending } = useHelpForm({
    initial,
    check,
    send,
    done: TESTIMONIAL_SENT,
  });
  const consentId = useId();
  return (
    <form className="help-form" onSubmit={submit} noValidate aria-labelledby="testimonial-title">
      <h3 id="testimonial-title">Write a testimonial</h3>
      <TextAreaField
        label="Your testimonial"
        hint="What has coaching changed for you or your business?"
        value={values.testimonial}
        maxLength={5000}
        required
        onChange={(e) => set('testimonial', e.target.value)}
        error={problems.testimonial}
      />
      <Field
        label="Sign it as"
        hint='For example "Rachel K., Evanston"'
        value={values.display_name}
        maxLength={100}
        required
        onChange={(e) => set('display_name', e.target.value)}
        error={problems.display_name}
      />
      <div className="consent">
        <input
          id={consentId}
          type="checkbox"
          checked={values.consent}
          required
          aria-invalid={problems.consent ? true : undefined}
          aria-describedby={problems.consent ? `${consentId}-error` : undefined}
          onChange={(e) => set('consent', e.target.checked)}
        />
        <label htmlFor={consentId}>{consentText(config.name)}</label>
      </div>
      {problems.consent && (
        <p id={`${consentId}-error`} className="field-error">
          {problems.consent}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? 'Sending...' : 'Send testimonial'}
      </button>
    </form>
  );
}
