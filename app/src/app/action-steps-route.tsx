/**
 * /action-steps: the action-steps board with the team section below it. Composed here because a feature never
 * imports another one; SPEC §2 has no route for team members and tasks, and they are the team's action steps.
 */
import ActionStepsPage from '@/features/action-steps/components/action-steps-page';
import { TeamSection } from '@/features/team/components/team-section';

export default function ActionStepsRoute() {
  return (
    <ActionStepsPage>
      <TeamSection />
    </ActionStepsPage>
  );
}
