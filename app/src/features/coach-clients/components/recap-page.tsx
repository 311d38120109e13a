/**
 * /coach/meetings/{id}/recap: the coach's recap of one of their client's meetings. Written in the rich-text
 * editor and saved as a draft the client does not see, then shared (the client is told by the bell, push and
 * mail); once shared both comment under it and the coach makes action steps from it, which link back to it.
 * A meeting that is not one of the coach's clients', or has not begun, is the API's 404 and a not-found state.
 */
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { Field } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { PageFrame } from '@/components/page-frame';
import { RecapView, RecapWaiting } from '@/components/recap-view';
import { RichTextEditor } from '@/components/rich-text-editor/rich-text-editor';
import { paths } from '@/config/paths';
import { displayZone, formatDateTime } from '@/lib/dates';
import { useUser } from '@/lib/session';
import { routeId } from '@/lib/route-id';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import {
  useCoachComment,
  useMeetingRecap,
  useSaveRecap,
  useShareRecap,
  useStepFromRecap,
  type MeetingRecap,
  type Recap,
} from '../api/recaps';

/** Whether the editor's HTML holds any text (an empty paragraph is no recap). */
const hasText = (html: string) => html.replace(/<[^>]*>/g, '').trim() !== '';

function RecapEditor({ data }: { data: MeetingRecap }) {
  const meetingId = data.meeting.id;
  const recap = data.recap;
  const [body, setBody] = useState(recap?.body ?? '');
  const save = useSaveRecap(meetingId);
  const share = useShareRecap(meetingId);
  const { errors, show, fromError } = useFieldErrors<'body'>();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // Which button sent it: Share (its data-share), or Save (and Enter in a field).
    const andShare = (event.nativeEvent as SubmitEvent).submitter?.dataset.share === 'yes';
    if (show({ body: hasText(body) ? undefined : 'Write the recap before saving it.' }, form)) return;
    // Promises, not mutate's callbacks: the save's answer re-renders the page, and a callback of a mutation
    // whose component re-mounted would never run. A failed share is told by the API client's toast.
    const saved = await save.mutateAsync(body).catch((error: unknown) => {
      fromError(error, form);
      return null;
    });
    if (!saved) return;
    if (!andShare) return notify.success(recap?.shared_at ? 'Recap updated' : 'Draft saved');
    if (await share.mutateAsync(saved.id).catch(() => null)) notify.success('Recap shared with your client');
  };
  const shared = recap?.shared_at != null;
  return (
    <form
      className="card"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={shared ? 'Edit the shared recap' : 'Write the recap'}
    >
      <RichTextEditor id="recap-body" label="Recap" value={body} onChange={setBody} />
      {errors.body && (
        <p className="field-error" role="alert">
          {errors.body}
        </p>
      )}
      <p className="muted">
        {shared
          ? 'Your client sees this recap; a change shows at once and is not announced again.'
          : 'A draft: your client sees nothing until you share it.'}
      </p>
      <FormButtons submitLabel={shared ? 'Save changes' : 'Save draft'} pending={save.isPending}>
        {!shared && (
          <button
            type="submit"
            className="btn btn-primary"
            data-share="yes"
            disabled={save.isPending || share.isPending}
          >
            {share.isPending ? 'Sharing...' : 'Share with client'}
          </button>
        )}
      </FormButtons>
    </form>
  );
}

function StepForm({ meetingId, recap }: { meetingId: number; recap: Recap }) {
  const [title, setTitle] = useState('');
  const [due, setDue] = useState('');
  const add = useStepFromRecap(meetingId, recap.id);
  const { errors, show, fromError } = useFieldErrors<'title' | 'due_date'>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (show({ title: title.trim() ? undefined : 'Name the step.' }, form)) return;
    add.mutate(
      { title: title.trim(), due_date: due || null },
      {
        onSuccess: () => {
          setTitle('');
          setDue('');
          notify.success('Action step added');
        },
        onError: (error) => fromError(error, form),
      },
    );
  };
  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="recap-step-title">
      <h2 id="recap-step-title">Make an action step from this recap</h2>
      <Field label="Step" value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} />
      <Field
        label="Due date (optional)"
        type="date"
        value={due}
        onChange={(e) => setDue(e.target.value)}
        error={errors.due_date}
      />
      <FormButtons submitLabel="Add step" pending={add.isPending} />
    </form>
  );
}

function SharedRecap({ meetingId, recap }: { meetingId: number; recap: Recap }) {
  const comment = useCoachComment(meetingId, recap.id);
  return (
    <>
      <RecapView recap={recap} comment={recap.shared_at ? comment : null} />
      <StepForm meetingId={meetingId} recap={recap} />
    </>
  );
}

export default function Page() {
  const id = routeId(useParams().id);
  const zone = displayZone(useUser().time_zone);
  const query = useMeetingRecap(id);
  const data = query.data;
  const back = data
    ? { to: paths.coachClient(data.meeting.client_id), label: "Back to the client's page" }
    : { to: paths.coachClients, label: 'Back to your clients' };
  if (!data) return <RecapWaiting query={query} found={id !== null} subject="meeting" back={back} />;
  return (
    <PageFrame title={`Recap: ${data.meeting.title}`} back={back}>
      <p className="muted">
        Meeting of{' '}
        <time dateTime={data.meeting.starts_at}>{formatDateTime(data.meeting.starts_at, zone)}</time>
      </p>
      <RecapEditor data={data} />
      {data.recap && <SharedRecap meetingId={data.meeting.id} recap={data.recap} />}
    </PageFrame>
  );
}
