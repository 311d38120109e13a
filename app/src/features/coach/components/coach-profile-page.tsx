/** /coachprofile: who the client's coach is and how to reach them. */
import './coach.css';
import { QueryState } from '@/components/query-state';
import { useUser } from '@/lib/session';
import { useCoachProfile } from '@/lib/coach-profile';
import { CoachCard } from './coach-card';

export default function CoachProfilePage() {
  const user = useUser();
  const coach = useCoachProfile(user.company_id, user.id);

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        My Coach&apos;s Profile
      </h1>
      <QueryState
        query={coach}
        what="Your coach's profile"
        empty="No coach is assigned to you yet. Your coaching company will introduce them soon."
        isEmpty={(found) => !found}
      >
        {(found) => found && <CoachCard coach={found} />}
      </QueryState>
    </section>
  );
}
