import type { GroupProgress } from '../api/get-progress';

/**
 * Per lesson, the share of members who watched and who completed it, as bars. The bars are hidden from screen
 * readers: the table beside them has every figure.
 */
export function ProgressChart({ data }: { data: GroupProgress }) {
  const members = data.members.length;
  const percent = (n: number) => (members === 0 ? 0 : Math.round((n / members) * 100));
  return (
    <figure className="card progress-chart">
      <div aria-hidden="true">
        {data.lessons.map((l) => (
          <div key={l.lesson.id} className="progress-chart-row">
            <span className="progress-chart-label">{l.lesson.title}</span>
            <span className="progress-chart-bars">
              <span
                className="progress-bar progress-bar-watched"
                style={{ width: `${percent(l.watched)}%` }}
              />
              <span
                className="progress-bar progress-bar-completed"
                style={{ width: `${percent(l.completed)}%` }}
              />
            </span>
          </div>
        ))}
      </div>
      <figcaption className="muted">
        Upper bar: members who watched each lesson; lower bar: members who completed it (of {members}).
      </figcaption>
    </figure>
  );
}
