/**
 * The member's analytics of one lesson (SPEC §3: profit_impact, the lesson's steps, notes), edited on the page and
 * saved in the background by the shared batcher (../api/training-analytics): every 5000 ms while the page is open
 * and at once when it is left. Values not yet saved survive leaving and coming back within the app.
 */
import { useEffect, useState } from 'react';
import { ACADEMY_LESSON_STEPS, GROUP_LESSON_STEPS } from '@/lib/lesson-steps';
import { QueryState } from '@/components/query-state';
import { useUser } from '@/lib/session';
import { ProgressFields } from './progress-fields';
import {
  recordChange,
  trainingAnalytics,
  unsentValues,
  useLessonAnalytics,
  type AnalyticsField,
  type LessonAnalytics,
  type LessonPlace,
} from '../api/training-analytics';

function AnalyticsForm({ place, saved }: { place: LessonPlace; saved: LessonAnalytics }) {
  const [values, setValues] = useState<LessonAnalytics>(() => ({ ...saved, ...unsentValues(place) }));
  // A group lesson's steps are about its meeting; an academy lesson (no group) is self-paced.
  const steps = place.userGroupId === null ? ACADEMY_LESSON_STEPS : GROUP_LESSON_STEPS;
  const set = <F extends AnalyticsField>(field: F, value: LessonAnalytics[F]) => {
    setValues((v) => ({ ...v, [field]: value }));
    recordChange(place, field, value);
  };
  return (
    <form className="analytics-form" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>Lesson steps</legend>
        {steps.map(([field, label]) => (
          <label key={field} className="analytics-step">
            <input type="checkbox" checked={values[field]} onChange={(e) => set(field, e.target.checked)} />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <ProgressFields values={values} onChange={set} batcher={trainingAnalytics} />
    </form>
  );
}

export function AnalyticsPanel({ place }: { place: LessonPlace }) {
  const user = useUser();
  const query = useLessonAnalytics(user.id, place);
  // Sends run only while a lesson page is open (SPEC §4).
  useEffect(() => trainingAnalytics.open(), []);
  return (
    <section className="card lesson-analytics" aria-labelledby="lesson-analytics-title">
      <h2 id="lesson-analytics-title">Your progress</h2>
      <QueryState
        query={query}
        what="Your progress"
        errorClassName=""
        loading={<p role="status">Loading your progress…</p>}
      >
        {(saved) => (
          <AnalyticsForm key={`${place.lessonId}:${place.userGroupId}`} place={place} saved={saved} />
        )}
      </QueryState>
    </section>
  );
}
