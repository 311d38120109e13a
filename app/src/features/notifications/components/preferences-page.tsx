/**
 * What reaches a person, and where: each kind their role receives against the channels (in the
 * portal, by email, by push), their quiet hours (the portal's, or their own), and for a coach the morning
 * summary. The one place to choose: My Profile links here. A kind that never uses a channel has no box there.
 */
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { PageFrame } from '@/components/page-frame';
import { PushNotificationsCard } from '@/components/push-notifications-card';
import { QueryState } from '@/components/query-state';
import { useFieldErrors } from '@/lib/use-field-errors';
import { notify } from '@/lib/toast';
import { useUser } from '@/lib/session';
import { userRole } from '@/lib/user';
import type { Channel } from '../../../../../contracts/notifications';
import { usePreferences, type NotificationPreferences } from '../api/get-preferences';
import { useSavePreferences, type PreferenceField } from '../api/save-preferences';
import { notificationsPaths } from '../role-paths';
import './notifications.css';

const CHANNEL_NAMES: Record<Channel, string> = { in_app: 'In the portal', mail: 'Email', push: 'Push' };
const CHANNEL_ORDER: readonly Channel[] = ['in_app', 'mail', 'push'];

export const PREFERENCES_SAVED = 'Notification settings saved';

type Kinds = NotificationPreferences['kinds'];

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const [kinds, setKinds] = useState<Kinds>(saved.kinds);
  const [ownHours, setOwnHours] = useState(saved.quiet_hours !== null);
  const [hours, setHours] = useState(saved.quiet_hours ?? saved.tenant_quiet_hours);
  const [summary, setSummary] = useState(saved.morning_summary);
  const save = useSavePreferences();
  const { errors, fromError, clear } = useFieldErrors<PreferenceField>();

  const toggle = (index: number, channel: Channel, on: boolean) =>
    setKinds(
      kinds.map((row, at) => (at === index ? { ...row, channels: { ...row.channels, [channel]: on } } : row)),
    );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    clear();
    await save
      .mutateAsync({
        kinds: kinds.map(({ kind, channels }) => ({ kind, channels })),
        quiet_hours: ownHours ? hours : null,
        ...(summary === undefined ? {} : { morning_summary: summary }),
      })
      .then(() => notify.success(PREFERENCES_SAVED))
      .catch((error: unknown) => fromError(error, form));
  };

  const { from, to } = saved.tenant_quiet_hours;
  return (
    <form onSubmit={submit} noValidate>
      <section className="card form-card preferences-section" aria-labelledby="kinds-title">
        <h2 id="kinds-title">What you hear about, and where</h2>
        {kinds.length === 0 ? (
          <p className="muted">Nothing is sent to your account yet.</p>
        ) : (
          <table className="preferences-table">
            <thead>
              <tr>
                <th scope="col">Notification</th>
                {CHANNEL_ORDER.map((channel) => (
                  <th key={channel} scope="col">
                    {CHANNEL_NAMES[channel]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {kinds.map((row, index) => (
                <tr key={row.kind}>
                  <th scope="row">{row.label}</th>
                  {CHANNEL_ORDER.map((channel) => {
                    const on = row.channels[channel];
                    return (
                      <td key={channel}>
                        {on === null ? (
                          <span title="Not sent this way">
                            <span aria-hidden="true">–</span>
                            <span className="visually-hidden">
                              {row.label}: not sent by {CHANNEL_NAMES[channel].toLowerCase()}
                            </span>
                          </span>
                        ) : (
                          <input
                            type="checkbox"
                            checked={on}
                            aria-label={`${row.label}: ${CHANNEL_NAMES[channel]}`}
                            onChange={(event) => toggle(index, channel, event.target.checked)}
                          />
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="muted">Sign-in codes, sign-in links and password resets are always sent.</p>
      </section>

      <section className="card form-card preferences-section" aria-labelledby="quiet-title">
        <h2 id="quiet-title">Quiet hours</h2>
        <p className="muted">
          Nothing is mailed or pushed to you in these hours, except a reminder an hour before a meeting.
        </p>
        <fieldset className="quiet-hours">
          <legend className="visually-hidden">Quiet hours</legend>
          <label>
            <input type="radio" name="quiet" checked={!ownHours} onChange={() => setOwnHours(false)} /> Use my
            portal's hours ({from} to {to})
          </label>
          <label>
            <input type="radio" name="quiet" checked={ownHours} onChange={() => setOwnHours(true)} /> Choose
            my own
          </label>
        </fieldset>
        {ownHours && (
          <div className="quiet-hours-times">
            <Field
              label="From"
              type="time"
              value={hours.from}
              required
              error={errors['quiet_hours.from'] ?? errors.quiet_hours}
              onChange={(event) => setHours({ ...hours, from: event.target.value })}
            />
            <Field
              label="To"
              type="time"
              value={hours.to}
              required
              error={errors['quiet_hours.to']}
              onChange={(event) => setHours({ ...hours, to: event.target.value })}
            />
          </div>
        )}
      </section>

      {summary !== undefined && (
        <section className="card form-card preferences-section" aria-labelledby="summary-title">
          <h2 id="summary-title">Morning summary</h2>
          <label className="summary-choice">
            <input type="checkbox" checked={summary} onChange={(event) => setSummary(event.target.checked)} />
            <span>Email me each morning my day's meetings, unanswered messages and waiting requests</span>
          </label>
        </section>
      )}

      <FormButtons submitLabel="Save notification settings" pending={save.isPending} />
    </form>
  );
}

export default function NotificationPreferencesPage() {
  const user = useUser();
  const preferences = usePreferences();
  return (
    <PageFrame
      title="Notification settings"
      className="notifications-page"
      back={{ to: notificationsPaths(userRole(user)).list, label: 'Back to notifications' }}
    >
      <QueryState query={preferences} what="Your notification settings">
        {(saved) => <PreferencesForm saved={saved} />}
      </QueryState>
      {/* The Push column says which kinds may be pushed; this card turns push on for this device (shown only
          where the server and the browser have it). Outside the form: its buttons are not the form's. */}
      <PushNotificationsCard />
    </PageFrame>
  );
}
