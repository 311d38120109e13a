/**
 * The coach's page of one client: who they are and their local time now, then their schedule, notes, action
 * steps and commitments, the forms sent to them, metrics, assessments, files and groups, each a section the in-page nav jumps to (plain
 * links: the keyboard and a phone's narrow screen work as with any link). The whole page is one request; a
 * client not assigned to the coach is the API's 404 and a not-found state here.
 */
import { useParams } from 'react-router-dom';
import { statusOf } from '@/lib/api-call';
import { LoadFailed } from '@/components/load-failed';
import { PageLoading } from '@/components/page-loading';
import { NotFoundState } from '@/components/refused-state';
import { paths } from '@/config/paths';
import { routeId } from '@/lib/route-id';
import { displayZone } from '@/lib/dates';
import { useUser } from '@/lib/session';
import { fullName } from '@/lib/user';
import { useClient, type ClientPageData } from '../api/get-client';
import { ClientAgreement } from './client-agreement';
import { ClientCredits } from './client-credits';
import { ClientFiles } from './client-files';
import { ClientGoals } from './client-goals';
import { ClientHeader } from './client-header';
import { ClientNotes } from './client-notes';
import { ClientProgress } from './client-progress';
import { ClientSchedule } from './client-schedule';
import { ClientSteps } from './client-steps';
import { ClientForms } from './client-forms';
import './client-page.css';

const SECTIONS = [
  ['schedule', 'Schedule'],
  ['notes', 'Notes'],
  ['forms', 'Forms'],
  ['steps', 'Action steps'],
  ['goals', 'Goals'],
  ['metrics', 'Metrics'],
  ['assessments', 'Assessments'],
  ['files', 'Files'],
  ['groups', 'Groups'],
  ['agreement', 'Agreement'],
] as const;

const back = { to: paths.coachClients, label: 'Back to your clients' };

function ClientSections({ data }: { data: ClientPageData }) {
  const clientId = data.client.id;
  const coach = useUser();
  const zone = displayZone(coach.time_zone);
  return (
    <>
      <ClientHeader client={data.client} />
      <nav className="client-nav" aria-label="Sections of this page">
        <ul>
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <ClientSchedule clientId={clientId} schedule={data.schedule} zone={data.client.time_zone} />
      <ClientNotes clientId={clientId} notes={data.notes} />
      <ClientForms
        clientId={clientId}
        meetings={[...data.schedule.upcoming, ...data.schedule.past]}
        upcoming={data.schedule.upcoming}
        zone={zone}
      />
      <ClientSteps clientId={clientId} steps={data.action_steps} commitments={data.commitments} />
      <ClientGoals clientId={clientId} steps={data.action_steps} />
      <ClientProgress data={data} />
      <ClientFiles
        clientId={clientId}
        files={data.files}
        company={data.client.company}
        client={fullName(data.client)}
      />
      <ClientAgreement clientId={clientId} zone={displayZone(coach.time_zone)} />
      <ClientCredits clientId={clientId} zone={displayZone(coach.time_zone)} />
    </>
  );
}

/** Before the client is shown: loading, not found (not the coach's client, or no id at all), or failed. */
function Waiting({ query, found }: { query: ReturnType<typeof useClient>; found: boolean }) {
  const status = statusOf(query.error);
  if (!found || status === 404) return <NotFoundState subject="client" back={back} />;
  if (query.isError) return <LoadFailed what="This client" error={query.error} retry={query.refetch} />;
  return <PageLoading />;
}

export default function Page() {
  const id = routeId(useParams().id);
  const query = useClient(id);
  return (
    <section className="page coach-client" aria-labelledby="page-title">
      {query.data ? (
        <ClientSections data={query.data} />
      ) : (
        <>
          <h1 id="page-title" className="page-title">
            Client
          </h1>
          <Waiting query={query} found={id !== null} />
        </>
      )}
    </section>
  );
}
