/** /coachprofile: who the client's coach is and how to reach them. */
import './coach.css';
import { LoadFailed } from '@/components/load-failed';
import { PageLoading } from '@/components/page-loading';
import { useUser } from '@/lib/session';
import { useCoachProfile } from '../api/get-coach-profile';
import { CoachCard } from './coach-card';

export default function CoachProfilePage() {
  const user = useUser();
  const coach = useCoachProfile(user.company_id, user.id);

  let body;
  if (coach.isPending) body = <PageLoading />;
  else if (coach.isError) {
    body = <LoadFailed what="Your coach's profile" error={coach.error} retry={coach.refetch} />;
  } else if (!coach.data) {
    body = (
      <div className="card empty-state">
        <p>No coach is assigned to you yet. Your coaching company will introduce them soon.</p>
      </div>
    );
  } else {
    body = <CoachCard coach={coach.data} />;
  }

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        My Coach&apos;s Profile
      </h1>
      {body}
    </section>
  );
}
