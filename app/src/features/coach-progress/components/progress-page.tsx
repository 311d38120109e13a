import { useParams } from 'react-router-dom';
import { QueryState } from '@/components/query-state';
import { routeId } from '@/lib/route-id';
import { downloadProgress } from '../api/download-progress';
import { useProgress, type Cell, type Counts, type GroupProgress } from '../api/get-progress';
import { ProgressChart } from './progress-chart';
import './progress.css';
import { PageFrame } from '@/components/page-frame';

/** A member's lesson; its checklist counted only when the lesson has one. */
const cellText = (c: Cell, steps: number, checklist: number) =>
  c.watched
    ? `Watched, ${c.ticked} of ${steps} steps${checklist > 0 ? `, ${c.checked} of ${checklist} checklist items` : ''}${c.completed ? ', completed' : ''}`
    : 'Not started';

/** A total; checklist items counted only when a lesson of the group has a checklist. */
const totalText = (t: Counts, checklists: boolean) =>
  `${t.watched} watched, ${t.ticked} steps ticked, ${checklists ? `${t.checked} checklist items ticked, ` : ''}${t.completed} completed`;

function ProgressTable({ data }: { data: GroupProgress }) {
  const checklists = data.lessons.some((l) => l.checklist > 0);
  return (
    // Scrolls sideways on a narrow screen: focusable, so the keyboard scrolls it too (axe's
    // scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="card progress-table-wrap" role="region" aria-label="Progress table" tabIndex={0}>
      <table className="progress-table">
        <caption className="muted">
          What each member did with each lesson; the last column and row are the totals.
        </caption>
        <thead>
          <tr>
            <th scope="col">Member</th>
            {data.lessons.map((l) => (
              <th key={l.lesson.id} scope="col">
                {l.lesson.title}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {data.members.map((m) => (
            <tr key={m.member.id}>
              <th scope="row">
                {m.member.first_name} {m.member.last_name}
              </th>
              {data.lessons.map((l, index) => {
                const c = m.cells[index];
                return <td key={l.lesson.id}>{c && cellText(c, data.steps, l.checklist)}</td>;
              })}
              <td>{totalText(m, checklists)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">All members</th>
            {data.lessons.map((l) => (
              <td key={l.lesson.id}>{totalText(l, checklists)}</td>
            ))}
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** A group's progress: per lesson and member, watched, ticked and completed, as a table, a chart and a CSV. */
export default function Page() {
  const groupId = routeId(useParams().id);
  const query = useProgress(groupId);
  return (
    <PageFrame title={query.data ? `Progress: ${query.data.group.title}` : 'Progress'}>
      {groupId === null ? (
        <p className="card empty-state muted">There is no such group.</p>
      ) : (
        <QueryState
          query={query}
          what="The group's progress"
          isEmpty={(d) => d.members.length === 0 || d.lessons.length === 0}
          empty="No progress to show yet: the group needs lessons and members of yours."
        >
          {(data) => (
            <>
              <div className="button-row">
                {/* A failed download was a toast already (the API client). */}
                <button
                  type="button"
                  className="btn"
                  onClick={() =>
                    void downloadProgress(data.group.id, data.group.title).catch(() => undefined)
                  }
                >
                  Download CSV
                </button>
              </div>
              <ProgressTable data={data} />
              <ProgressChart data={data} />
            </>
          )}
        </QueryState>
      )}
    </PageFrame>
  );
}
