/**
 * /action-steps: the action-steps board with the team section below it. Composed here because a feature never
 * imports another one; SPEC §2 has no route for team members and tasks, and they are the team's action steps.
 * Nor for assessments: their implementation steps are what lands on this board, so the board links to them.
 */
import { Link } from 'react-router-dom';
import ActionStepsPage from '@/features/action-steps/components/action-steps-page';
import { TeamSection } from '@/features/team/components/team-section';
import { paths } from '@/config/paths';

export default function ActionStepsRoute() {
  return (
    <ActionStepsPage>
      <p className="card">
        Many of these steps come from the focus areas of your assessments.{' '}
        <Link to={paths.assessments}>See your assessments and their implementation plans</Link>
      </p>
      <TeamSection />
    </ActionStepsPage>
  );
}
