/**
 * The client's progress on one flash-coaching lesson (quiz taken, what it is worth, notes), edited on the page
 * and saved in the background by the shared batcher: every 5000 ms while the lesson page is open and at once
 * when it is left. Values not yet saved survive leaving and coming back within the app.
 */
import { useState, useSyncExternalStore } from 'react';
import { Field, TextAreaField } from '@/components/field';
import type { FlashAnalytics } from '../api/get-flash-lesson';
import {
  flashAnalytics,
  recordFlashChange,
  unsentFlashValues,
  type FlashField,
} from '../api/send-flash-analytics';

type Values = Pick<FlashAnalytics, FlashField>;

function useSaveState(): 'saved' | 'saving' | 'pending' {
  return useSyncExternalStore(
    (listener) => flashAnalytics.subscribe(listener),
    () => (flashAnalytics.isSending() ? 'saving' : flashAnalytics.unsent().length ? 'pending' : 'saved'),
  );
}

const saveText = {
  saved: 'All changes saved.',
  saving: 'Saving…',
  pending: 'Changes are saved every few seconds.',
};

export function FlashAnalyticsPanel({ saved }: { saved: FlashAnalytics }) {
  const { assessment_id: assessmentId, lesson_id: lessonId } = saved;
  const [values, setValues] = useState<Values>(() => ({
    taken_quiz: saved.taken_quiz,
    profit_impact: saved.profit_impact,
    notes: saved.notes,
    ...unsentFlashValues(assessmentId, lessonId),
  }));
  const state = useSaveState();
  const set = <F extends FlashField>(field: F, value: Values[F]) => {
    setValues((v) => ({ ...v, [field]: value }));
    recordFlashChange(assessmentId, lessonId, field, value);
  };
  return (
    <section className="card lesson-analytics" aria-labelledby="flash-progress-title">
      <h2 id="flash-progress-title">Your progress</h2>
      <form className="analytics-form" onSubmit={(e) => e.preventDefault()}>
        <label className="analytics-step">
          <input
            type="checkbox"
            checked={values.taken_quiz}
            onChange={(e) => set('taken_quiz', e.target.checked)}
          />{' '}
          I took the quiz
        </label>
        <Field
          label="Profit impact"
          hint="What this lesson is worth to your business, e.g. $2,000 a month."
          maxLength={200}
          value={values.profit_impact}
          onChange={(e) => set('profit_impact', e.target.value)}
        />
        <TextAreaField
          label="Notes"
          maxLength={10_000}
          rows={5}
          value={values.notes}
          onChange={(e) => set('notes', e.target.value)}
        />
        <p className="muted analytics-state" role="status">
          {saveText[state]}
        </p>
      </form>
    </section>
  );
}
