import { useState } from 'react';
import { useCalendarFeed, useChangeFeed } from '@/lib/calendar-feed';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from './confirm-dialog';
import { QueryState } from './query-state';

/**
 * A person's calendar feed: the secret address a calendar app (Google, Outlook, Apple) subscribes to, so the
 * portal's meetings show there. Made on request; copied, opened as a webcal: subscription, made anew when it
 * leaked (the old one stops at once) or turned off. The coach's calendars screen and the client's profile.
 */
export function CalendarFeedCard({ title, what }: { title: string; what: string }) {
  const feed = useCalendarFeed();
  const change = useChangeFeed();
  const [asking, setAsking] = useState<'make' | 'revoke' | null>(null);
  const [copied, setCopied] = useState('');

  const act = async (action: 'make' | 'revoke', done: string) => {
    await change.mutateAsync(action).then(
      () => notify.success(done),
      () => undefined,
    );
    setAsking(null);
  };
  const copy = (url: string) =>
    navigator.clipboard.writeText(url).then(
      () => setCopied('The address is on your clipboard.'),
      () => setCopied('It could not be copied: select the address and copy it yourself.'),
    );

  return (
    <section className="card calendar-feed" aria-labelledby="calendar-feed-title">
      <h2 id="calendar-feed-title">{title}</h2>
      <p>
        Subscribe to this address in Google Calendar, Outlook or Apple Calendar and {what} show there, kept up
        to date. Keep it to yourself: anyone with the address can read them.
      </p>
      <QueryState
        query={feed}
        what="Your calendar feed"
        isEmpty={(f) => f === null}
        empty={
          <button
            type="button"
            className="btn btn-primary"
            disabled={change.isPending}
            onClick={() => void act('make', 'Your feed address is ready.')}
          >
            Make a feed address
          </button>
        }
      >
        {(made) =>
          made && (
            <>
              <div className="field">
                <label htmlFor="calendar-feed-url">Feed address</label>
                <input
                  id="calendar-feed-url"
                  readOnly
                  value={made.url}
                  spellCheck={false}
                  onFocus={(e) => e.currentTarget.select()}
                />
              </div>
              <div className="button-row">
                <button type="button" className="btn btn-primary" onClick={() => void copy(made.url)}>
                  Copy address
                </button>
                <a className="btn" href={made.webcal}>
                  Subscribe in your calendar app
                </a>
              </div>
              <p role="status" className="muted">
                {copied}
              </p>
              <div className="button-row">
                <button type="button" className="btn" onClick={() => setAsking('make')}>
                  Make a new address
                </button>
                <button type="button" className="btn btn-danger" onClick={() => setAsking('revoke')}>
                  Turn off the feed
                </button>
              </div>
            </>
          )
        }
      </QueryState>
      {asking === 'make' && (
        <ConfirmDialog
          title="Make a new feed address?"
          text="The current address stops working at once: calendars subscribed to it stop updating until you subscribe to the new one."
          confirmLabel="Make a new address"
          keepLabel="Keep this address"
          pendingLabel="Making..."
          pending={change.isPending}
          onConfirm={() => void act('make', 'Your new feed address is ready.')}
          onCancel={() => setAsking(null)}
        />
      )}
      {asking === 'revoke' && (
        <ConfirmDialog
          title="Turn off your calendar feed?"
          text="The address stops working at once: calendars subscribed to it stop updating."
          confirmLabel="Turn off"
          keepLabel="Keep the feed"
          pendingLabel="Turning off..."
          pending={change.isPending}
          onConfirm={() => void act('revoke', 'Your calendar feed is off.')}
          onCancel={() => setAsking(null)}
        />
      )}
    </section>
  );
}
