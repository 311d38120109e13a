/**
 * The client's progress on one flash-coaching lesson (quiz taken, what it is worth, notes), edited on the page
 * and saved in the background by the shared batcher: every 5000 ms while the lesson page is open and at once
 * when it is left. Values not yet saved survive leaving and coming back within the app.
 */
import { useState } from 'react';
import { ProgressFields } from './progress-fields';
import type { FlashAnalytics } from '../api/get-flash-lesson';
import {
  flashAnalytics,
  recordFlashChange,
  unsentFlashValues,
  type FlashField,
} from '../api/send-flash-analytics';

type Values = Pick<FlashAnalytics, FlashField>;

export function FlashAnalyticsPanel({ saved }: { saved: FlashAnalytics }) {
  const { assessment_id: assessmentId, lesson_id: lessonId } = saved;
  const [values, setValues] = useState<Values>(() => ({
    taken_quiz: saved.taken_quiz,
    profit_impact: saved.profit_impact,
    notes: saved.notes,
    ...unsentFlashValues(assessmentId, lessonId),
  }));
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
        <ProgressFields values={values} onChange={set} batcher={flashAnalytics} />
      </form>
    </section>
  );
}
