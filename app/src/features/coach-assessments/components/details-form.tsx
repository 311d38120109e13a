import { useState } from 'react';
import { Field } from '@/components/field';
import { SaveStatus } from '@/components/save-status';
import { useAutosave } from '@/lib/autosave';
import { editAssessment } from '../api/edit-assessment';
import type { AssessmentPage } from '../api/get-assessment';

/** The assessment's title and date, saved as they are typed. */
export function DetailsForm({ clientId, page }: { clientId: number; page: AssessmentPage }) {
  const { assessment } = page;
  const [title, setTitle] = useState(assessment.title);
  const [date, setDate] = useState(assessment.assessed_on);
  const draft = { title: title.trim() || assessment.title, assessed_on: date || assessment.assessed_on };
  const { status, retry } = useAutosave(draft, (value) => editAssessment(clientId, assessment.id, value));
  return (
    <section className="card" aria-labelledby="details-title">
      <h2 id="details-title">Details</h2>
      <Field
        label="Title"
        value={title}
        maxLength={200}
        onChange={(e) => setTitle(e.target.value)}
        error={title.trim() ? undefined : 'Give the assessment a title.'}
      />
      <Field label="Assessed on" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      <p className="muted">Amounts are in {assessment.currency}.</p>
      <SaveStatus status={status} retry={retry} />
    </section>
  );
}
