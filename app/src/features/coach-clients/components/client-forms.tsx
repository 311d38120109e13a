/**
 * The coach's client page's Forms section: sending a form (optionally for one of the client's upcoming
 * meetings, with a due date), and each form sent with its state and, once submitted, the answers.
 */
import { QueryState } from '@/components/query-state';
import { SendForm } from '@/components/send-form';
import { formatDate, formatDateTime } from '@/lib/dates';
import type { Answers } from '../../../../../contracts/forms';
import type { FormSend } from '../../../../../contracts/rest/forms';
import { SubmittedAnswers } from '@/components/submitted-answers';
import { useClientForms, useSendForm } from '../api/forms';

interface MeetingChoice {
  id: number;
  title: string;
  starts_at: string;
}

function SentForm({
  send,
  meeting,
  zone,
}: {
  send: FormSend;
  meeting: MeetingChoice | undefined;
  zone: string;
}) {
  return (
    <li id={`form-${send.id}`} className="client-row">
      <strong>{send.title}</strong>
      <span className="muted">
        {[
          `Sent ${formatDateTime(send.sent_at, zone)}`,
          meeting && `for ${meeting.title}, ${formatDateTime(meeting.starts_at, zone)}`,
          send.due_on && `due ${formatDate(send.due_on)}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
      {send.status === 'submitted' ? (
        <details>
          <summary>Answers, submitted {formatDateTime(send.submitted_at ?? send.sent_at, zone)}</summary>
          <SubmittedAnswers layout={send.layout} answers={send.answers as Answers} />
        </details>
      ) : (
        <span>{send.saved_at ? 'Started, not submitted yet' : 'Not started yet'}</span>
      )}
    </li>
  );
}

export function ClientForms({
  clientId,
  meetings,
  upcoming,
  zone,
}: {
  clientId: number;
  /** Every meeting of the client's the page knows, to name the one a form was sent for. */
  meetings: MeetingChoice[];
  /** The upcoming ones, which a form can be sent for. */
  upcoming: MeetingChoice[];
  zone: string;
}) {
  const sends = useClientForms(clientId);
  const send = useSendForm(clientId);
  const byId = new Map(meetings.map((m) => [m.id, m]));
  return (
    <section id="forms" className="card client-section" aria-labelledby="forms-title">
      <h2 id="forms-title">Forms</h2>
      <div className="client-columns">
        <div>
          <QueryState
            query={sends}
            what="The client's forms"
            empty={<p className="muted">No forms sent yet.</p>}
          >
            {(list) => (
              <ul className="client-list">
                {list.map((s) => (
                  <SentForm
                    key={s.id}
                    send={s}
                    meeting={s.meeting_id === null ? undefined : byId.get(s.meeting_id)}
                    zone={zone}
                  />
                ))}
              </ul>
            )}
          </QueryState>
        </div>
        <SendForm
          send={async (input) => (await send.mutateAsync(input), 'Form sent')}
          pending={send.isPending}
          meetings={upcoming}
          zone={zone}
        />
      </div>
    </section>
  );
}
