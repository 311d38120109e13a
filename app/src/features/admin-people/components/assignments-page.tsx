/**
 * /admin/assignments: pick clients (searched, a page at a time) and give them all one coach, or no coach, in
 * one step. The API checks every client and coach and changes all of them or none.
 */
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/field';
import { QueryState } from '@/components/query-state';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { useAssignClients } from '../api/assign-clients';
import { usePeople } from '../api/get-people';
import { CoachSelect } from './choices';
import { PagedTable } from './paged-table';
import { fullName } from './person-labels';
import { useSettled } from './use-settled';
import './admin.css';
import { PageFrame } from '@/components/page-frame';

const PER_PAGE = 25;
const NO_COACH = 'none';

export default function AssignmentsPage() {
  const [typed, setTyped] = useState('');
  const search = useSettled(typed);
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [coach, setCoach] = useState('');
  const { errors, show, fromError } = useFieldErrors<'client_ids' | 'coach_id'>();
  const clients = usePeople({ search, role: 'client', status: '', page, perPage: PER_PAGE });
  const assign = useAssignClients();

  const toggle = (id: number) =>
    setPicked((all) => {
      const next = new Set(all);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = {
      ...(picked.size === 0 && { client_ids: 'Pick at least one client.' }),
      ...(!coach && { coach_id: 'Choose a coach, or no coach.' }),
    };
    if (show(found, form)) return;
    try {
      const result = await assign.mutateAsync({
        client_ids: [...picked],
        coach_id: coach === NO_COACH ? null : Number(coach),
      });
      notify.success(
        `${result.changed} ${result.changed === 1 ? 'client' : 'clients'} changed` +
          (result.unchanged ? `, ${result.unchanged} already had that coach.` : '.'),
      );
      setPicked(new Set());
    } catch (error) {
      fromError(error, form);
    }
  };

  return (
    <PageFrame title="Coach assignments">
      <form onSubmit={submit} noValidate aria-busy={assign.isPending}>
        <div className="card admin-filters">
          <Field
            label="Search clients"
            type="search"
            maxLength={100}
            value={typed}
            placeholder="Name, email or company"
            onChange={(e) => {
              setTyped(e.target.value);
              setPage(1);
            }}
          />
          <CoachSelect value={coach} error={errors.coach_id} onChange={setCoach}>
            <option value="">Choose a coach</option>
            <option value={NO_COACH}>No coach</option>
          </CoachSelect>
          <div className="button-row">
            <button type="submit" className="btn btn-primary" disabled={assign.isPending}>
              {assign.isPending ? 'Saving...' : `Assign ${picked.size} picked`}
            </button>
          </div>
        </div>
        {errors.client_ids && (
          <p id="client-ids-error" className="field-error" role="alert">
            {errors.client_ids}
          </p>
        )}
        <QueryState
          query={{ ...clients, data: clients.data?.data }}
          what="The clients"
          empty={search ? `No client matches “${search}”.` : 'There are no clients yet.'}
        >
          {(rows) => (
            <>
              <PagedTable
                caption="Clients"
                head={
                  <>
                    <th scope="col">Pick</th>
                    <th scope="col">Client</th>
                    <th scope="col">Company</th>
                    <th scope="col">Coach now</th>
                  </>
                }
                page={page}
                perPage={PER_PAGE}
                total={clients.data?.total ?? 0}
                label="Client pages"
                onPage={setPage}
              >
                {rows.map((client) => (
                  <tr key={client.id}>
                    <td>
                      <input
                        type="checkbox"
                        className="admin-pick"
                        aria-label={`Pick ${fullName(client)}`}
                        aria-describedby={errors.client_ids ? 'client-ids-error' : undefined}
                        checked={picked.has(client.id)}
                        onChange={() => toggle(client.id)}
                      />
                    </td>
                    <td>{fullName(client)}</td>
                    <td>{client.company ?? '—'}</td>
                    <td>{client.coach_name ?? 'No coach'}</td>
                  </tr>
                ))}
              </PagedTable>
            </>
          )}
        </QueryState>
      </form>
    </PageFrame>
  );
}
