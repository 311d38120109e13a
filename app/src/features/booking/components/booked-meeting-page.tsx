/**
 * /book/meetings/:id (the booking flag): one of the client's meetings, opened from /schedule. Within the notice
 * it can be moved (the same free times as booking; the old time stays until the new one is confirmed) or
 * cancelled (asked first); past it, the page states the policy and offers to message the coach.
 */
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadFailed } from '@/components/load-failed';
import { PageFrame } from '@/components/page-frame';
import { PageLoading } from '@/components/page-loading';
import { NotFoundState } from '@/components/refused-state';
import { paths } from '@/config/paths';
import { statusOf } from '@/lib/api-call';
import { displayZone, formatDateTime } from '@/lib/dates';
import { routeId } from '@/lib/route-id';
import { useUser } from '@/lib/session';
import type { SlotTaken } from '../api/book-meeting';
import { useCancelMeeting } from '../api/cancel-meeting';
import { useBookedMeeting, type BookedMeeting } from '../api/get-booked-meeting';
import { findType, useBooking, type BookingPage } from '../api/get-booking';
import type { Slot } from '../api/get-slots';
import { useMoveMeeting } from '../api/move-meeting';
import { useStepFocus } from '../lib/use-step-focus';
import { BookedWhere } from './booked-where';
import { MeetingFacts } from './meeting-facts';
import { SlotPicker } from './slot-picker';
import { SlotTakenBox } from './slot-taken';
import './booking.css';

const BACK = { to: paths.schedule, label: '← My Schedule' };

/** The notice policy in words, or null when the hours are not known. */
const policy = (hours: number | null | undefined): string | null =>
  hours === null || hours === undefined
    ? null
    : `Meetings can be moved or cancelled up to ${hours} ${hours === 1 ? 'hour' : 'hours'} before they start.`;

export default function BookedMeetingPage() {
  const id = routeId(useParams().id);
  // One live region for the page, there from the start, so what is put in it is announced.
  const [announcement, announce] = useState('');
  return (
    <PageFrame title="Your meeting" className="book-page" back={BACK}>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      {id === null ? (
        <NotFoundState subject="meeting" back={BACK} />
      ) : (
        <Meeting id={id} announce={announce} />
      )}
    </PageFrame>
  );
}

function Meeting({ id, announce }: { id: number; announce: (text: string) => void }) {
  const meeting = useBookedMeeting(id);
  // The coaches' types say whether it can be moved here (its coach and type) and the notice: the page waits for
  // them too, so Move does not appear under the reader's eyes. Without them it still shows, without Move.
  const booking = useBooking();
  if (meeting.isPending || booking.isPending) return <PageLoading />;
  if (!meeting.data)
    return statusOf(meeting.error) === 404 ? (
      <NotFoundState subject="meeting" back={BACK} />
    ) : (
      <LoadFailed what="Your meeting" error={meeting.error} retry={() => meeting.refetch()} />
    );
  return <MeetingSteps meeting={meeting.data} booking={booking.data} announce={announce} />;
}

type Step = { at: 'view' } | { at: 'choose' } | { at: 'confirm'; slot: Slot } | { at: 'cancelled' };

function MeetingSteps({
  meeting,
  booking,
  announce,
}: {
  meeting: BookedMeeting;
  booking: BookingPage | undefined;
  announce: (text: string) => void;
}) {
  const user = useUser();
  const move = useMoveMeeting();
  const cancel = useCancelMeeting();
  const [step, setStep] = useState<Step>({ at: 'view' });
  // The 409 of the time it answered: another time chosen since has none.
  const [refusal, setTaken] = useState<{ start: string; taken: SlotTaken } | null>(null);
  const [asking, setAsking] = useState(false);
  const [now] = useState(() => Date.now());
  const heading = useStepFocus(step.at);
  const zone = displayZone(user.time_zone ?? booking?.time_zone ?? meeting.time_zone);
  const found = booking && findType(booking, meeting.type_id);
  const minutes = Math.round((Date.parse(meeting.end) - Date.parse(meeting.start)) / 60_000);
  // Until when it may still be changed: null past the notice (or never, for a coach's own meeting).
  const until =
    meeting.change_until !== null && Date.parse(meeting.change_until) > now ? meeting.change_until : null;

  const title = (text: string) => (
    <h2 id="step-title" ref={heading} tabIndex={-1} className="step-title">
      {text}
    </h2>
  );
  const facts = (start = meeting.start) => (
    <MeetingFacts
      start={start}
      zone={zone}
      minutes={minutes}
      coach={meeting.coach_name}
      where={<BookedWhere meeting={meeting} type={found?.type} />}
      note={meeting.note}
    />
  );
  const choose = (slot: Slot) => setStep({ at: 'confirm', slot });
  const taken = step.at === 'confirm' && refusal?.start === step.slot.start ? refusal.taken : null;

  const confirmMove = async (slot: Slot) => {
    // A refusal other than 409 (past the notice now) is toasted; the meeting is fetched again and says so.
    const answer = await move.mutateAsync({ id: meeting.id, start: slot.start }).catch(() => null);
    if (!answer) return setStep({ at: 'view' });
    if ('taken' in answer) {
      setTaken({ start: slot.start, taken: answer.taken });
      return announce(answer.taken.message);
    }
    announce(`Your meeting is moved to ${formatDateTime(answer.meeting.start, zone)}.`);
    setStep({ at: 'view' });
  };

  const confirmCancel = async () => {
    const done = await cancel.mutateAsync(meeting.id).then(
      () => true,
      () => false,
    );
    setAsking(false);
    if (!done) return;
    announce('Your meeting is cancelled.');
    setStep({ at: 'cancelled' });
  };

  if (step.at === 'cancelled')
    return (
      <section className="card booking-step" aria-labelledby="step-title">
        {title('Your meeting is cancelled')}
        <p>
          {meeting.title}, {formatDateTime(meeting.start, zone)}, is cancelled. Your coach has been told.
        </p>
        <div className="button-row">
          <Link className="btn btn-primary" to={paths.schedule}>
            See My Schedule
          </Link>
          <Link className="btn" to={paths.book}>
            Book another session
          </Link>
        </div>
      </section>
    );

  if (step.at === 'choose' && found)
    return (
      <section className="booking-step" aria-labelledby="step-title">
        {title('Choose a new time')}
        <p>
          {meeting.title} stays at {formatDateTime(meeting.start, zone)} until you confirm a new time.
        </p>
        <p>
          <button type="button" className="btn-link" onClick={() => setStep({ at: 'view' })}>
            Keep the current time
          </button>
        </p>
        <SlotPicker coachId={found.coach.id} typeId={found.type.id} zone={zone} onChoose={choose} />
      </section>
    );

  if (step.at === 'confirm')
    return (
      <section className="card booking-step" aria-labelledby="step-title">
        {title('Move your meeting')}
        <p>
          <strong>{meeting.title}</strong> moves from {formatDateTime(meeting.start, zone)} to:
        </p>
        {facts(step.slot.start)}
        {taken && <SlotTakenBox taken={taken} zone={zone} onChoose={choose} />}
        <div className="button-row">
          <button
            type="button"
            className="btn btn-primary"
            disabled={move.isPending || taken !== null}
            onClick={() => void confirmMove(step.slot)}
          >
            {move.isPending ? 'Moving...' : 'Confirm move'}
          </button>
          <button type="button" className="btn" onClick={() => setStep({ at: 'choose' })}>
            Choose another time
          </button>
        </div>
      </section>
    );

  return (
    <section className="card booking-step" aria-labelledby="step-title">
      {title(meeting.title)}
      {facts()}
      <Changes meeting={meeting} now={now} until={until} noticeHours={found?.type.notice_hours} zone={zone}>
        <div className="button-row">
          {found && (
            <button type="button" className="btn btn-primary" onClick={() => setStep({ at: 'choose' })}>
              Move
            </button>
          )}
          <button type="button" className="btn" onClick={() => setAsking(true)}>
            Cancel meeting
          </button>
        </div>
      </Changes>
      {asking && (
        <ConfirmDialog
          title="Cancel this meeting?"
          text={`${meeting.title}, ${formatDateTime(meeting.start, zone)}, will be cancelled and your coach told.`}
          keepLabel="Keep meeting"
          confirmLabel="Cancel meeting"
          pendingLabel="Cancelling..."
          pending={cancel.isPending}
          onConfirm={() => void confirmCancel()}
          onCancel={() => setAsking(false)}
        />
      )}
    </section>
  );
}

/**
 * What the client may still do: within the notice, until when and the buttons (`children`); past it, the
 * policy and a message to the coach; a coach's own meeting or one that is over, why not.
 */
function Changes({
  meeting,
  now,
  until,
  noticeHours,
  zone,
  children,
}: {
  meeting: BookedMeeting;
  now: number;
  until: string | null;
  noticeHours: number | undefined;
  zone: string;
  children: ReactNode;
}) {
  if (until)
    return (
      <>
        <p>You can move or cancel it until {formatDateTime(until, zone)}.</p>
        {children}
      </>
    );
  if (Date.parse(meeting.end) <= now) return <p className="muted">This meeting is over.</p>;
  const message = (
    <Link className="btn btn-primary" to={paths.messagesCompose}>
      Message your coach
    </Link>
  );
  if (meeting.type_id === null)
    return (
      <>
        <p>Your coach set this meeting: to move or cancel it, message them.</p>
        {message}
      </>
    );
  return (
    <>
      <p>{policy(noticeHours) ?? 'This meeting can no longer be moved or cancelled here.'}</p>
      {message}
    </>
  );
}
