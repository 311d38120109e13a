/**
 * /admin/audit: every change an admin or an integration made, newest first, filtered by who made it, what it
 * was, whom it was about and when. ?person={id} (the person page's link) shows one person's entries.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Field, SelectField } from '@/components/field';
import { QueryState } from '@/components/query-state';
import { useAudit } from '../api/get-audit';
import { AuditList } from './audit-list';
import { Pager } from './pager';
import { useSettled } from './use-settled';
import './admin.css';
import { PageFrame } from '@/components/page-frame';

const PER_PAGE = 25;

const ACTIONS: Record<string, string> = {
  'person.created': 'Person added',
  'person.updated': 'Person changed',
  'person.invited': 'Invitation sent',
  'person.activated': 'Invitation accepted',
  'person.deactivated': 'Person deactivated',
  'person.reactivated': 'Person reactivated',
  'company.created': 'Company added',
  'company.renamed': 'Company renamed',
  'assignment.changed': 'Coach assigned',
  'assignment.removed': 'Coach removed',
  'webhook.created': 'Webhook endpoint added',
  'webhook.updated': 'Webhook endpoint changed',
  'webhook.secret_rotated': 'Webhook secret changed',
  'webhook.deleted': 'Webhook endpoint deleted',
};

export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const personId = Number(params.get('person')) || null;
  const [actor, setActor] = useState('');
  const [person, setPerson] = useState('');
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const query = {
    actor: useSettled(actor),
    person: useSettled(person),
    action,
    personId,
    from,
    to,
    page,
    perPage: PER_PAGE,
  };
  const audit = useAudit(query);
  const datesWrong = from && to && from > to ? 'The first day is after the last.' : undefined;
  const change = (set: (value: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value);
    setPage(1);
  };

  return (
    <PageFrame title="Audit log">
      <form className="card admin-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <Field
          label="Changed by"
          type="search"
          maxLength={100}
          value={actor}
          onChange={change(setActor)}
          placeholder="Name or API key"
        />
        <Field
          label="About"
          type="search"
          maxLength={100}
          value={person}
          onChange={change(setPerson)}
          placeholder="Name or email"
        />
        <SelectField label="Action" value={action} onChange={change(setAction)}>
          <option value="">Every action</option>
          {Object.entries(ACTIONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <Field label="From" type="date" value={from} onChange={change(setFrom)} />
        <Field label="To" type="date" value={to} onChange={change(setTo)} error={datesWrong} />
      </form>
      {personId !== null && (
        <p>
          Showing the changes about one person.{' '}
          <button type="button" className="btn" onClick={() => setParams({})}>
            Show everyone&apos;s
          </button>{' '}
          <Link to={paths.adminPerson(personId)}>Back to the person</Link>
        </p>
      )}
      <QueryState
        query={{ ...audit, data: audit.data?.data }}
        what="The audit log"
        empty="No change matches these filters."
      >
        {(entries) => (
          <>
            <p className="clients-total" role="status">
              {audit.data?.total === 1 ? '1 entry' : `${audit.data?.total ?? 0} entries`}
            </p>
            <AuditList entries={entries} label="Audit entries" />
            <Pager
              page={page}
              perPage={PER_PAGE}
              total={audit.data?.total ?? 0}
              label="Audit log pages"
              onPage={setPage}
            />
          </>
        )}
      </QueryState>
    </PageFrame>
  );
}
