/**
 * /coach/calendars: the coach's outside calendars (read by their secret addresses; their busy times are not
 * offered to clients) with each one's state, read again on request or removed; and the coach's own feed
 * address, to see the portal's meetings in their calendar app.
 */
import './coach-booking.css';
import { useState } from 'react';
import { CalendarFeedCard } from '@/components/calendar-feed-card';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageFrame } from '@/components/page-frame';
import { QueryState } from '@/components/query-state';
import { displayZone, formatAgo } from '@/lib/dates';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useRefreshCalendar, useRemoveCalendar } from '../api/change-calendars';
import { useCalendars, type CalendarConnection } from '../api/get-calendars';
import { BookingNav } from './booking-nav';
import { CalendarForm } from './calendar-form';

/** A calendar's state in words: when it was last read, or since when it fails and why. */
function StateLine({ calendar: c, zone }: { calendar: CalendarConnection; zone: string }) {
  const busy = `${c.busy_count} busy ${c.busy_count === 1 ? 'time' : 'times'}`;
  if (c.state === 'waiting') return <p className="calendar-state">Waiting for its first read…</p>;
  if (c.state === 'ok')
    return (
      <p className="calendar-state">
        Last read {c.last_success_at ? formatAgo(c.last_success_at, zone) : 'just now'} · {busy}
      </p>
    );
  return (
    <div className="calendar-state calendar-failing">
      <p>
        <strong>Not working.</strong>{' '}
        {c.last_success_at
          ? `Last worked ${formatAgo(c.last_success_at, zone)}; its busy times from then still count.`
          : 'It has not been read yet.'}
      </p>
      {c.problem && <p>{c.problem}</p>}
    </div>
  );
}

export default function CalendarsPage() {
  const query = useCalendars();
  const refresh = useRefreshCalendar();
  const remove = useRemoveCalendar();
  const zone = displayZone(useUser().time_zone);
  const [removing, setRemoving] = useState<CalendarConnection | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    await remove.mutateAsync(removing.id).then(
      () => notify.success(`"${removing.label}" is removed.`),
      () => undefined,
    );
    setRemoving(null);
  };

  return (
    <PageFrame title="Calendars" className="booking-page">
      <BookingNav />
      <p>
        Add your other calendars: the times you are busy there are not offered to clients. Only busy times are
        read; titles are never kept or shown.
      </p>
      <QueryState query={query} what="Your calendars" empty="No calendars added yet.">
        {(calendars) => (
          <ul className="calendar-list" aria-label="Your calendars">
            {calendars.map((c) => (
              <li key={c.id} className="card">
                <h2>{c.label}</h2>
                <p className="muted">{c.host}</p>
                <StateLine calendar={c} zone={zone} />
                <div className="button-row">
                  <button
                    type="button"
                    className="btn"
                    disabled={refresh.isPending && refresh.variables === c.id}
                    onClick={() =>
                      void refresh.mutateAsync(c.id).then(
                        // A read that failed says so on the card, with its problem.
                        (read) => read.state === 'ok' && notify.success(`"${c.label}" is read again.`),
                        () => undefined,
                      )
                    }
                  >
                    Refresh {c.label}
                  </button>
                  <button type="button" className="btn btn-danger" onClick={() => setRemoving(c)}>
                    Remove {c.label}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <CalendarForm />
      <CalendarFeedCard title="Your calendar feed" what="your meetings" />
      {removing && (
        <ConfirmDialog
          title="Remove this calendar?"
          text={`"${removing.label}" is no longer read, and its busy times stop counting.`}
          confirmLabel="Remove"
          keepLabel="Keep it"
          pendingLabel="Removing..."
          pending={remove.isPending}
          onConfirm={() => void confirmRemove()}
          onCancel={() => setRemoving(null)}
        />
      )}
    </PageFrame>
  );
}
