/** /coachprofile: who the client's coach is and how to reach them. */
import './coach.css';
import { QueryState } from '@/components/query-state';
import { useUser } from '@/lib/session';
import { useCoachProfile } from '@/lib/coach-profile';
import { CoachCard } from './coach-card';
import { PageFrame } from '@/components/page-frame';

export default function CoachProfilePage() {
  const user = useUser();
  const coach = useCoachProfile(user.company_id, user.id);

  return (
    <PageFrame title="My Coach's Profile">
      <QueryState
        query={coach}
        what="Your coach's profile"
        empty="No coach is assigned to you yet. Your coaching company will introduce them soon."
        isEmpty={(found) => !found}
      >
        {(found) => found && <CoachCard coach={found} />}
      </QueryState>
    </PageFrame>
  );
}
