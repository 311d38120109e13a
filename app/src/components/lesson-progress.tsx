import './lesson-progress.css';

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
