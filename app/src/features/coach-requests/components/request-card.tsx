/**
 * One request: its kind, client, summary and text, what was answered already, then a form that changes its
 * status (and a testimonial's approval for publication) and answers the client by mail. Only what changed is sent; a failure keeps what was
 * typed, with the API's refusal beside its field.
 */
import { useId, useState, type FormEvent } from 'react';
import { TextAreaField } from '@/components/field';
import { RequestAnswers } from '@/components/request-answers';
import { FormButtons } from '@/components/form-buttons';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { fullName } from '@/lib/user';
import { useChangeRequest, type RequestChange, type RequestField } from '../api/change-request';
import type { CoachRequest, RequestStatus } from '../api/get-requests';
import { FilterSelect } from './filter-select';
import { KIND_LABELS, STATUS_LABELS } from './labels';

const REQUEST_SAVED = 'Request updated';
const REPLY_SENT = 'Request updated and your answer mailed';

export function RequestCard({ row, zone }: { row: CoachRequest; zone: string }) {
  const headingId = useId();
  const change = useChangeRequest();
  const [status, setStatus] = useState<RequestStatus>(row.status);
  const [approved, setApproved] = useState(row.approved === true);
  const [reply, setReply] = useState('');
  const { errors, fromError, clear } = useFieldErrors<RequestField>();

  const wanted: RequestChange = {
    ...(status !== row.status && { status }),
    ...(row.approved !== null && approved !== row.approved && { approved }),
    ...(reply.trim() && { reply: reply.trim() }),
  };
  const nothing = Object.keys(wanted).length === 0;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    try {
      await change.mutateAsync({ row, change: wanted });
    } catch (error) {
      // The reply stays as typed; what the form cannot show was a toast (the API client).
      fromError(error, form);
      return;
    }
    clear();
    setReply('');
    notify.success(wanted.reply ? REPLY_SENT : REQUEST_SAVED);
  };

  return (
    <article className="card request" aria-labelledby={headingId}>
      <header className="request-header">
        <h2 id={headingId} className="request-title">
          <span className="request-kind">{KIND_LABELS[row.kind]}</span> {row.summary}
        </h2>
        <span className={`request-status status-${row.status}`}>{STATUS_LABELS[row.status]}</span>
      </header>
      <p className="muted request-meta">
        {fullName(row.client)}, <time dateTime={row.created_at}>{formatDateTime(row.created_at, zone)}</time>
        {row.approved !== null && (row.approved ? ' · approved for publication' : ' · not published')}
      </p>
      {/* A testimonial is its own summary: said once. */}
      {row.text !== row.summary && <p className="request-text">{row.text}</p>}
      <RequestAnswers answers={row.answers} zone={zone} label={`Your answers to ${row.client.first_name}`} />
      <form className="request-form" onSubmit={(event) => void submit(event)}>
        <div className="request-choices">
          <FilterSelect
            label="Status"
            options={STATUS_LABELS}
            value={status}
            onChange={(value) => setStatus(value as RequestStatus)}
          />
          {row.approved !== null && (
            <label className="request-approve">
              <input
                type="checkbox"
                checked={approved}
                onChange={(event) => setApproved(event.target.checked)}
              />{' '}
              Approved for publication
            </label>
          )}
        </div>
        <TextAreaField
          label={`Answer ${row.client.first_name} by mail`}
          hint="Optional; sent when you save."
          rows={3}
          value={reply}
          error={errors.reply}
          onChange={(event) => setReply(event.target.value)}
        />
        <FormButtons
          submitLabel="Save"
          pendingLabel="Saving..."
          pending={change.isPending}
          disabled={nothing}
        />
      </form>
    </article>
  );
}
