import { useEffect, useRef, useState } from 'react';
import { useCalendarFeed, useMakeFeed, useRevokeFeed, type CalendarFeed } from '@/lib/calendar-feed';
import { formatDate } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from './confirm-dialog';
import { QueryState } from './query-state';

/**
 * The address just made, shown this once (only its hash is kept): copied, or opened in a calendar app as a
 * webcal: subscription. The keyboard comes here, so a screen reader reads the warning first.
 */
function FreshAddress({ feed }: { feed: CalendarFeed }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState('');
  useEffect(() => heading.current?.focus(), [feed]);
  const copy = () =>
    navigator.clipboard.writeText(feed.url).then(
      () => setCopied('The address is on your clipboard.'),
      () => setCopied('It could not be copied: select the address and copy it yourself.'),
    );
  return (
    <div className="feed-address">
      <h3 ref={heading} tabIndex={-1}>
        Your feed address
      </h3>
      <p>Subscribe to it now, or copy it somewhere safe: it is shown only this once.</p>
      <div className="field">
        <label htmlFor="calendar-feed-url">Feed address</label>
        <input
          id="calendar-feed-url"
          readOnly
          value={feed.url}
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
        />
      </div>
      <div className="button-row">
        <a className="btn btn-primary" href={feed.webcal}>
          Subscribe in your calendar app
        </a>
        <button type="button" className="btn" onClick={() => void copy()}>
          Copy address
        </button>
      </div>
      <p role="status" className="muted">
        {copied}
      </p>
    </div>
  );
}

/** What each of the feed's two irreversible steps asks first. */
const QUESTIONS = {
  renew: {
    title: 'Make a new feed address?',
    text: 'The current address stops working at once: calendars subscribed to it stop updating until you subscribe to the new one.',
    confirmLabel: 'Make a new address',
    keepLabel: 'Keep this address',
    pendingLabel: 'Making...',
  },
  revoke: {
    title: 'Turn off your calendar feed?',
    text: 'Its address stops working at once: calendars subscribed to it stop updating.',
    confirmLabel: 'Turn off',
    keepLabel: 'Keep the feed',
    pendingLabel: 'Turning off...',
  },
};

/**
 * A person's calendar feed: a secret address a calendar app (Google, Outlook, Apple) subscribes to, so the
 * portal's meetings show there. Made on request and shown then only; made anew when lost or leaked (the old one
 * stops at once), or turned off. The coach's calendars screen and the client's profile.
 */
export function CalendarFeedCard({ title, what }: { title: string; what: string }) {
  const status = useCalendarFeed();
  const make = useMakeFeed();
  const revoke = useRevokeFeed();
  const [asking, setAsking] = useState<'renew' | 'revoke' | null>(null);

  const makeAddress = async () => {
    // A refusal is the interceptor's toast.
    await make.mutateAsync().catch(() => undefined);
    setAsking(null);
  };
  const turnOff = async () => {
    await revoke.mutateAsync().then(
      () => {
        make.reset();
        notify.success('Your calendar feed is off.');
      },
      () => undefined,
    );
    setAsking(null);
  };

  return (
    <section className="card calendar-feed" aria-labelledby="calendar-feed-title">
      <h2 id="calendar-feed-title">{title}</h2>
      <p>
        Subscribe to your feed in Google Calendar, Outlook or Apple Calendar and {what} show there, kept up to
        date. Keep its address to yourself: anyone with it can read them.
      </p>
      <QueryState
        query={status}
        what="Your calendar feed"
        isEmpty={(feed) => feed === null}
        empty={
          <button
            type="button"
            className="btn btn-primary"
            disabled={make.isPending}
            onClick={() => void makeAddress()}
          >
            {make.isPending ? 'Making...' : 'Make a feed address'}
          </button>
        }
      >
        {(feed) => (
          <>
            {make.data ? (
              <FreshAddress feed={make.data} />
            ) : (
              feed && (
                <p>
                  Your feed works since {formatDate(feed.created_at)}. Its address was shown when it was made;
                  if you no longer have it, make a new one.
                </p>
              )
            )}
            <div className="button-row">
              <button type="button" className="btn" onClick={() => setAsking('renew')}>
                Make a new address
              </button>
              <button type="button" className="btn btn-danger" onClick={() => setAsking('revoke')}>
                Turn off the feed
              </button>
            </div>
          </>
        )}
      </QueryState>
      {asking && (
        <ConfirmDialog
          {...QUESTIONS[asking]}
          pending={asking === 'renew' ? make.isPending : revoke.isPending}
          onConfirm={() => void (asking === 'renew' ? makeAddress() : turnOff())}
          onCancel={() => setAsking(null)}
        />
      )}
    </section>
  );
}
