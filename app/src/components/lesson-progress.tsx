/** A member's progress through lessons: a labelled bar of the steps ticked, and the lessons completed. */
export function LessonProgress({
  stepsDone,
  totalSteps,
  label,
}: {
  stepsDone: number;
  totalSteps: number;
  label: string;
}) {
  const percent = totalSteps > 0 ? Math.round((stepsDone / totalSteps) * 100) : 0;
  return (
    <div className="lesson-progress">
      <progress max={100} value={percent} aria-label={label} />
      <span>{percent}% complete</span>
    </div>
  );
}

/** A step a member ticks on a lesson: one of SPEC §3's lesson analytics flags, and what ticking it says. */
type LessonStep = readonly [
  field: 'pre_meeting' | 'attend_meeting' | 'meeting_worksheet' | 'taken_quiz' | 'post_meeting',
  label: string,
];

/** A group lesson's steps, around the group's meeting. */
export const GROUP_LESSON_STEPS: readonly LessonStep[] = [
  ['pre_meeting', 'I prepared for the meeting'],
  ['attend_meeting', 'I attended the meeting'],
  ['meeting_worksheet', 'I completed the worksheet'],
  ['taken_quiz', 'I took the quiz'],
  ['post_meeting', 'I did the follow-up work'],
];

/**
 * A self-paced academy lesson has no meeting, so only the flags that make sense without one (the API counts
 * the same two for the academy); what the lesson is worth and the notes follow them as for a group lesson.
 */
export const ACADEMY_LESSON_STEPS: readonly LessonStep[] = [
  ['meeting_worksheet', 'I did the worksheet'],
  ['taken_quiz', 'I took the quiz'],
];

/** A lesson's length and the member's steps, beside it in a lesson list. */
export function LessonStepsNote({
  minutes,
  stepsDone,
  totalSteps,
}: {
  minutes: number;
  stepsDone: number;
  totalSteps: number;
}) {
  return (
    <p className="muted">
      {minutes > 0 && `${minutes} min · `}
      {stepsDone} of {totalSteps} steps
    </p>
  );
}
