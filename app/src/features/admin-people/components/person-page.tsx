/**
 * /admin/people/{id}: a person's fields to change, their status with deactivate or reactivate (after a
 * confirmation), the invitation to send again, a new login email waiting for its confirmation (to send again or
 * cancel), and what was changed about them (the audit log).
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { displayZone, formatDateTime } from '@/lib/dates';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useAudit } from '../api/get-audit';
import { usePersonKeys } from '../api/get-person-keys';
import type { Person } from '../api/get-people';
import { usePerson } from '../api/get-person';
import { usePersonAction } from '../api/person-action';
import { useSavePerson } from '../api/save-person';
import { AuditList } from './audit-list';
import { PersonForm } from './person-form';
import { fullName, statusText } from './person-labels';
import './admin.css';
import { ClientBilling } from './client-billing';

function StatusCard({ person }: { person: Person }) {
  const user = useUser();
  const zone = displayZone(user.time_zone);
  const action = usePersonAction(person.id);
  const [confirming, setConfirming] = useState(false);
  // The keys this person made stop working while they are deactivated: the dialog names them first.
  const keys = usePersonKeys(person.id, confirming);
  const self = user.id === person.id;
  const run = async (what: Parameters<typeof action.mutateAsync>[0], done: string) => {
    await action.mutateAsync(what).then(
      () => notify.success(done),
      () => undefined, // the interceptor toasts the reason
    );
    setConfirming(false);
  };
  return (
    <section className="card admin-form" aria-labelledby="status-title">
      <h2 id="status-title">Status: {statusText(person)}</h2>
      {person.status === 'pending' && person.invitation && (
        <p>
          Invited on{' '}
          <time dateTime={person.invitation.sent_at}>{formatDateTime(person.invitation.sent_at, zone)}</time>;
          the link {person.invitation.expired ? 'expired' : 'expires'} on{' '}
          <time dateTime={person.invitation.expires_at}>
            {formatDateTime(person.invitation.expires_at, zone)}
          </time>
          .
        </p>
      )}
      {person.status === 'deactivated' && (
        <p>This person cannot sign in. Their data is kept; reactivating lets them sign in again.</p>
      )}
      {person.email_change && <EmailChange person={person} change={person.email_change} run={run} />}
      <div className="button-row">
        {person.status === 'pending' && (
          <button
            type="button"
            className="btn"
            disabled={action.isPending}
            onClick={() => void run('invitation', `A new invitation was sent to ${person.email}.`)}
          >
            {person.invitation ? 'Send the invitation again' : 'Send the invitation'}
          </button>
        )}
        {person.status === 'deactivated' ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={action.isPending}
            onClick={() => void run('reactivate', `${fullName(person)} was reactivated.`)}
          >
            Reactivate
          </button>
        ) : (
          !self && (
            <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
              Deactivate
            </button>
          )
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title={`Deactivate ${fullName(person)}?`}
          text="They are signed out everywhere at once and cannot sign in until you reactivate them. Their data is kept."
          confirmLabel="Deactivate"
          pendingLabel="Deactivating..."
          pending={action.isPending}
          onConfirm={() => void run('deactivate', `${fullName(person)} was deactivated.`)}
          onCancel={() => setConfirming(false)}
        >
          {keys.data && keys.data.length > 0 && (
            <div className="deactivate-keys">
              <p id="deactivate-keys-title">
                {keys.data.length === 1
                  ? `This API key, made by ${fullName(person)}, stops`
                  : `These ${keys.data.length} API keys, made by ${fullName(person)}, stop`}{' '}
                working until they are reactivated:
              </p>
              <ul aria-labelledby="deactivate-keys-title">
                {keys.data.map((key) => (
                  <li key={key.id}>
                    {key.name} (<code>{key.prefix}…</code>)
                  </li>
                ))}
              </ul>
            </div>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}

/** A new login email waiting for the new address: it changes nothing until the person opens the link. */
function EmailChange({
  person,
  change,
  run,
}: {
  person: Person;
  change: NonNullable<Person['email_change']>;
  run: (what: 'email-change/resend' | 'email-change/cancel', done: string) => Promise<void>;
}) {
  const zone = displayZone(useUser().time_zone);
  return (
    <div className="admin-email-change" role="group" aria-labelledby="email-change-title">
      <h3 id="email-change-title">New login email waiting for confirmation</h3>
      <p>
        {person.first_name} still signs in with {person.email}. The login email becomes {change.email} when
        they open the link sent there; the link {change.expired ? 'expired' : 'expires'} on{' '}
        <time dateTime={change.expires_at}>{formatDateTime(change.expires_at, zone)}</time>.
      </p>
      <div className="button-row">
        <button
          type="button"
          className="btn"
          onClick={() =>
            void run('email-change/resend', `A new confirmation link was sent to ${change.email}.`)
          }
        >
          Send the confirmation again
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => void run('email-change/cancel', `The change to ${change.email} was cancelled.`)}
        >
          Cancel the email change
        </button>
      </div>
    </div>
  );
}

function PersonAudit({ personId }: { personId: number }) {
  const audit = useAudit({
    actor: '',
    person: '',
    action: '',
    personId,
    from: '',
    to: '',
    page: 1,
    perPage: 10,
  });
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <QueryState
        query={{ ...audit, data: audit.data?.data }}
        what="The history"
        empty="Nothing was changed yet."
      >
        {(entries) => (
          <>
            <AuditList entries={entries} label="Changes to this person" />
            {(audit.data?.total ?? 0) > entries.length && (
              <p>
                <Link to={`${paths.adminAudit}?person=${personId}`}>See all {audit.data?.total} entries</Link>
              </p>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

export default function PersonPage() {
  const id = Number(useParams().id);
  const person = usePerson(id);
  const save = useSavePerson();
  return (
    <section className="page" aria-labelledby="page-title">
      <p>
        <Link to={paths.admin}>Back to people</Link>
      </p>
      <QueryState query={person} what="This person">
        {(p) => (
          <>
            <h1 id="page-title" className="page-title">
              {fullName(p)}
            </h1>
            <StatusCard person={p} />
            <h2>Details</h2>
            <PersonForm
              key={`${p.updated_at} ${p.email_change?.requested_at ?? ''}`}
              person={p}
              submitLabel="Save changes"
              pending={save.isPending}
              onSave={async (input) => {
                const saved = await save.mutateAsync({ ...input, id: p.id });
                const asked = saved.email_change;
                notify.success(
                  asked && asked.requested_at !== p.email_change?.requested_at
                    ? `The changes were saved. The login email changes to ${asked.email} once they open the confirmation link sent there.`
                    : 'The changes were saved.',
                );
              }}
            />
            {p.role === 'client' && <ClientBilling clientId={p.id} />}
            <PersonAudit personId={p.id} />
          </>
        )}
      </QueryState>
    </section>
  );
}
