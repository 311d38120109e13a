/**
 * /book (the booking flag): the client books a session in their coach's free time, a step at a time, each
 * step in the address (the browser's Back goes a step back): the coach (skipped when there is one), the
 * meeting type, a free time, the confirmation with an optional note, and the meeting booked (?booked=id: a
 * reload shows it again, the menu's item starts over). A time taken meanwhile (409) is said where the person
 * is, with the nearest free times, the note kept.
 */
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { QueryState } from '@/components/query-state';
import { TextAreaField } from '@/components/field';
import { paths } from '@/config/paths';
import { displayZone } from '@/lib/dates';
import { queryClient } from '@/lib/query-client';
import { sessionStore } from '@/lib/session';
import { AgreementDue, agreementDue } from '@/components/agreement-due';
import { useBookMeeting, type SlotTaken } from '../api/book-meeting';
import { bookedMeetingQueryOptions, useBookedMeeting } from '../api/get-booked-meeting';
import {
  bookingQueryOptions,
  findType,
  useBooking,
  type BookableCoach,
  type BookingPage,
} from '../api/get-booking';
import type { Slot } from '../api/get-slots';
import { whereOf } from '../lib/where';
import { useStepFocus } from '../lib/use-step-focus';
import { BookedWhere } from './booked-where';
import { MeetingFacts } from './meeting-facts';
import { SlotPicker } from './slot-picker';
import { SlotTakenBox } from './slot-taken';
import './booking.css';

/** Asks for the coaches and types as soon as this chunk arrives (see app/lazy-page). */
export function prefetch(): void {
  if (sessionStore.get()) void queryClient.prefetchQuery(bookingQueryOptions());
}

const bookable = (page: BookingPage): BookableCoach[] => page.coaches.filter((c) => c.types.length > 0);

const messageCoach = <Link to={paths.messagesCompose}>message your coach</Link>;

export default function BookPage() {
  const booking = useBooking();
  // One live region for the page, there from the start, so what is put in it is announced.
  const [announcement, announce] = useState('');
  return (
    <PageFrame title="Book a session" className="book-page">
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <QueryState
        query={booking}
        what="The sessions you can book"
        isEmpty={(page) => bookable(page).length === 0}
        empty={<p className="card empty-state">There is nothing to book yet — {messageCoach}.</p>}
      >
        {(page) => <BookingSteps page={page} announce={announce} />}
      </QueryState>
    </PageFrame>
  );
}

/** A step's search: its fields in the address. */
const search = (fields: Record<string, number | string>) =>
  `?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString()}`;

type Title = (text: string) => ReactNode;

function BookingSteps({ page, announce }: { page: BookingPage; announce: (text: string) => void }) {
  const [params, setParams] = useSearchParams();
  const [note, setNote] = useState('');
  // The 409 of the time it answered: another time (chosen here, or by the browser's Back and Forward) has none.
  const [refusal, setTaken] = useState<{ start: string; taken: SlotTaken } | null>(null);
  // The portal asks for a signed agreement first: the refusal's sentence, with the way to sign, where the button is.
  const [unsigned, setUnsigned] = useState<string | null>(null);
  const book = useBookMeeting();
  const client = useQueryClient();
  const zone = displayZone(page.time_zone);
  const coaches = bookable(page);
  const coach = coaches.length === 1 ? coaches[0] : coaches.find((c) => String(c.id) === params.get('coach'));
  const type = coach?.types.find((t) => String(t.id) === params.get('type'));
  const start = type ? params.get('start') : null;
  const booked = Number(params.get('booked')) || null;
  const step = booked ? 'done' : !coach ? 'coach' : !type ? 'type' : !start ? 'time' : 'confirm';
  const heading = useStepFocus(step);
  const taken = refusal && refusal.start === start ? refusal.taken : null;

  const chooseTime = (slot: Slot, replace = false) => {
    if (!coach || !type) return;
    setParams(search({ coach: coach.id, type: type.id, start: slot.start }), { replace });
  };

  const confirm = async () => {
    if (!coach || !type || !start) return;
    const text = note.trim();
    // A refusal other than 409 is toasted by the API client; the step stays as it is for another try.
    setUnsigned(null);
    const answer = await book
      .mutateAsync({ coach_id: coach.id, type_id: type.id, start, ...(text ? { note: text } : {}) })
      .catch((error: unknown) => {
        setUnsigned(agreementDue(error));
        return null;
      });
    if (!answer) return;
    if ('taken' in answer) {
      setTaken({ start, taken: answer.taken });
      announce(answer.taken.message);
      return;
    }
    client.setQueryData(bookedMeetingQueryOptions(answer.meeting.id).queryKey, answer.meeting);
    setNote('');
    announce('Your meeting is booked.');
    setParams(search({ booked: answer.meeting.id }), { replace: true });
  };

  const title: Title = (text) => (
    <h2 id="step-title" ref={heading} tabIndex={-1} className="step-title">
      {text}
    </h2>
  );

  if (booked) return <BookedStep id={booked} page={page} zone={zone} title={title} />;

  if (!coach)
    return (
      <section className="booking-step" aria-labelledby="step-title">
        {title('Choose your coach')}
        <ul className="choice-list">
          {coaches.map((c) => (
            <li key={c.id} className="card choice-card">
              <h3>
                <Link to={search({ coach: c.id })}>{c.name}</Link>
              </h3>
              <p className="muted">
                {c.types.length === 1 ? '1 kind of meeting' : `${c.types.length} kinds of meeting`}
              </p>
            </li>
          ))}
        </ul>
      </section>
    );

  if (!type)
    return (
      <section className="booking-step" aria-labelledby="step-title">
        {title('Choose a meeting')}
        {coaches.length > 1 && (
          <p>
            With {coach.name} · <Link to={paths.book}>Choose another coach</Link>
          </p>
        )}
        <ul className="choice-list">
          {coach.types.map((t) => (
            <li key={t.id} className="card choice-card">
              <h3>
                <Link to={search({ coach: coach.id, type: t.id })}>{t.name}</Link>
              </h3>
              <p className="muted">
                {t.duration_minutes} min · {whereOf(t)}
              </p>
              {t.description && <p className="choice-text">{t.description}</p>}
            </li>
          ))}
        </ul>
      </section>
    );

  const summary = (
    <p>
      {type.name} · {type.duration_minutes} min · with {coach.name}
    </p>
  );

  if (!start)
    return (
      <section className="booking-step" aria-labelledby="step-title">
        {title('Choose a time')}
        {summary}
        <p>
          <Link to={coaches.length > 1 ? search({ coach: coach.id }) : paths.book}>
            Choose another meeting
          </Link>
        </p>
        <SlotPicker coachId={coach.id} typeId={type.id} zone={zone} onChoose={(slot) => chooseTime(slot)} />
      </section>
    );

  return (
    <section className="card booking-step" aria-labelledby="step-title">
      {title('Confirm your meeting')}
      <p>
        <strong>{type.name}</strong>
      </p>
      <MeetingFacts
        start={start}
        zone={zone}
        minutes={type.duration_minutes}
        coach={coach.name}
        where={whereOf(type)}
      />
      {taken && <SlotTakenBox taken={taken} zone={zone} onChoose={(slot) => chooseTime(slot, true)} />}
      {unsigned && <AgreementDue message={unsigned} next="book" />}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <TextAreaField
          label="A note for your coach (optional)"
          rows={3}
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <div className="button-row">
          <button type="submit" className="btn btn-primary" disabled={book.isPending || taken !== null}>
            {book.isPending ? 'Booking...' : 'Confirm'}
          </button>
          <Link className="btn" to={search({ coach: coach.id, type: type.id })}>
            Choose another time
          </Link>
        </div>
      </form>
    </section>
  );
}

/** The meeting just booked (from the booking's answer, or fetched again on a reload), and where to go next. */
function BookedStep({
  id,
  page,
  zone,
  title,
}: {
  id: number;
  page: BookingPage;
  zone: string;
  title: Title;
}) {
  const meeting = useBookedMeeting(id);
  return (
    <section className="card booking-step" aria-labelledby="step-title">
      {title('Your meeting is booked')}
      <QueryState query={meeting} what="Your meeting">
        {(done) => (
          <>
            <p>
              <strong>{done.title}</strong>
            </p>
            <MeetingFacts
              start={done.start}
              zone={zone}
              minutes={Math.round((Date.parse(done.end) - Date.parse(done.start)) / 60_000)}
              coach={done.coach_name}
              where={<BookedWhere meeting={done} type={findType(page, done.type_id)?.type} />}
              note={done.note}
            />
            <p className="muted">The invitation is on its way to your email, with a calendar file.</p>
            <div className="button-row">
              <Link className="btn btn-primary" to={paths.schedule}>
                See My Schedule
              </Link>
              <Link className="btn" to={paths.bookedMeeting(done.id)}>
                Move or cancel
              </Link>
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}
