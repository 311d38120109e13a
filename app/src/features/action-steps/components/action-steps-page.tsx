/**
 * /action-steps: the action steps and commitments boards (to do, in progress, completed), their exports, and
 * whatever the route puts below them (the team section, composed in src/app so features stay apart).
 */
import type { ReactNode } from 'react';
import { QueryState, bothQueries } from '@/components/query-state';
import { toastFallback } from '@/lib/fallback-toast';
import { notify } from '@/lib/toast';
import { useChangeActionStatus } from '../api/change-action-status';
import { useDownloadCommitments } from '../api/download-commitments';
import { useAccess } from '../api/get-access';
import { useSteps, type BoardItem } from '../api/get-steps';
import { useUpdateCommitment } from '../api/update-commitment';
import { COMMITMENT_FALLBACK, codeFor, movedMessage, type BoardKind, type Stage } from '@/lib/stages';
import { Board } from './board';
import './action-steps.css';
import { PageFrame } from '@/components/page-frame';

export default function ActionStepsPage({ children }: { children?: ReactNode }) {
  const access = useAccess();
  const steps = useSteps();
  const changeAction = useChangeActionStatus();
  const updateCommitment = useUpdateCommitment();
  const download = useDownloadCommitments();

  const move = (kind: BoardKind) => (item: BoardItem, stage: Stage) => {
    const mutation = kind === 'action-step' ? changeAction : updateCommitment;
    mutation.mutate(
      { id: item.id, status: codeFor(kind, stage) },
      {
        onSuccess: () => notify.success(movedMessage(kind, stage)),
        onError: (error) => {
          if (kind === 'commitment') toastFallback(error, COMMITMENT_FALLBACK);
        },
      },
    );
  };

  const body = (
    <QueryState
      query={bothQueries(steps, access)}
      what="Your action steps"
      empty="Your action steps open once your coach has set up your coaching plan."
      isEmpty={([, open]) => open !== 1}
    >
      {([{ action_steps, commitments }]) => (
        <>
          <Board kind="action-step" title="Action steps" items={action_steps} onMove={move('action-step')} />
          <Board kind="commitment" title="Commitments" items={commitments} onMove={move('commitment')} />
          <div className="button-row">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={download.isPending || commitments.length === 0}
              onClick={() => download.mutate()}
            >
              {download.isPending ? 'Preparing...' : 'Download commitments'}
            </button>
          </div>
        </>
      )}
    </QueryState>
  );

  return (
    <PageFrame title="My Action Steps" className="action-steps-page">
      <p className="muted">Drag a card to another column, or use its buttons, to change its stage.</p>
      {body}
      {children}
    </PageFrame>
  );
}
