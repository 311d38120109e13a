/**
 * /admin: the tenant's people, searched by name, email or company and filtered by role and status (a pending
 * invitation among them), a page at a time; each name leads to the person's page.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Field, SelectField } from '@/components/field';
import { QueryState } from '@/components/query-state';
import {
  FIRST_PEOPLE,
  PEOPLE_PER_PAGE as PER_PAGE,
  usePeople,
  type PersonRole,
  type PersonStatus,
} from '../api/get-people';
import { RoleOptions } from './choices';
import { PagedTable } from './paged-table';
import { ROLE_LABELS, STATUS_LABELS, fullName, statusText } from './person-labels';
import { useSettled } from './use-settled';
import './admin.css';

export default function PeoplePage() {
  // The first list is FIRST_PEOPLE's, which index.html has already asked for (boot/early-pages).
  const [typed, setTyped] = useState(FIRST_PEOPLE.search);
  const search = useSettled(typed);
  const [role, setRole] = useState<PersonRole | ''>(FIRST_PEOPLE.role);
  const [status, setStatus] = useState<PersonStatus | ''>(FIRST_PEOPLE.status);
  const [page, setPage] = useState(FIRST_PEOPLE.page);
  const people = usePeople({ search, role, status, page, perPage: PER_PAGE });
  const list = { ...people, data: people.data?.data };
  const filtered = Boolean(search || role || status);

  return (
    <section className="page" aria-labelledby="page-title">
      <div className="admin-toolbar">
        <h1 id="page-title" className="page-title">
          People
        </h1>
        <Link className="btn btn-primary" to={paths.adminPersonNew}>
          Add a person
        </Link>
      </div>
      <form className="card admin-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <Field
          label="Search"
          type="search"
          value={typed}
          placeholder="Name, email or company"
          maxLength={100}
          onChange={(e) => {
            setTyped(e.target.value);
            setPage(1);
          }}
        />
        <SelectField
          label="Role"
          value={role}
          onChange={(e) => {
            setRole(e.target.value as PersonRole | '');
            setPage(1);
          }}
        >
          <option value="">Every role</option>
          <RoleOptions />
        </SelectField>
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as PersonStatus | '');
            setPage(1);
          }}
        >
          <option value="">Every status</option>
          {(['active', 'pending', 'deactivated'] as const).map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </form>
      <QueryState
        query={list}
        what="The people"
        empty={
          filtered ? 'Nobody matches these filters.' : 'Nobody is in this portal yet: add the first person.'
        }
      >
        {(rows) => (
          <>
            <p className="clients-total" role="status">
              {people.data?.total === 1 ? '1 person' : `${people.data?.total ?? 0} people`}
            </p>
            <PagedTable
              caption="People"
              head={
                <>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Company</th>
                  <th scope="col">Status</th>
                </>
              }
              page={page}
              perPage={PER_PAGE}
              total={people.data?.total ?? 0}
              label="People pages"
              onPage={setPage}
            >
              {rows.map((person) => (
                <tr key={person.id}>
                  <td>
                    <Link to={paths.adminPerson(person.id)}>{fullName(person)}</Link>
                  </td>
                  <td>{person.email}</td>
                  <td>{ROLE_LABELS[person.role]}</td>
                  <td>{person.company ?? '—'}</td>
                  <td>
                    <span className="admin-status">{statusText(person)}</span>
                  </td>
                </tr>
              ))}
            </PagedTable>
          </>
        )}
      </QueryState>
    </section>
  );
}
