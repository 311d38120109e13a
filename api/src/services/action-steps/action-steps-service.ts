// /action-steps: the board's action steps and commitments, their status changes, the access check and the
// commitments export. The API stores and returns status codes (SPEC §4); which stage a code means is read by
// the app in one place, and by stageName() for the export.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { stageName, toCsv } from '../client-work/csv.js';
import { found } from '../client-work/owner.js';
import type { AccessFlag } from '../../db/column-types.js';
import type { Actor } from '../access/scope.js';
import { hasCoach, listItems, setItemStatus } from './action-steps-repository.js';
import type { BoardTable } from './action-steps-repository.js';

type ItemRow = Awaited<ReturnType<typeof listItems>>[number];

const item = (row: ItemRow) => ({ ...row, updated_at: row.updated_at.toISOString() });

export function createActionStepsService(db: Kysely<Database>, now: () => Date) {
  const setStatus = async (table: BoardTable, owner: Actor, id: number, status: number) => {
    const what = table === 'action_steps' ? 'Action step' : 'Commitment';
    return item(found(await setItemStatus(db, table, owner, id, status, now()), what));
  };
  return {
    async board(owner: Actor) {
      const [steps, commitments] = await Promise.all([
        listItems(db, 'action_steps', owner),
        listItems(db, 'commitments', owner),
      ]);
      return { action_steps: steps.map(item), commitments: commitments.map(item) };
    },
    setActionStepStatus: (owner: Actor, id: number, status: number) =>
      setStatus('action_steps', owner, id, status),
    setCommitmentStatus: (owner: Actor, id: number, status: number) =>
      setStatus('commitments', owner, id, status),
    // SPEC's access flag convention (1 means allowed), as for assessment progress.
    access: async (owner: Actor): Promise<{ access: AccessFlag }> => ({
      access: (await hasCoach(db, owner)) ? 1 : 0,
    }),
    async commitmentsCsv(owner: Actor): Promise<string> {
      const rows = await listItems(db, 'commitments', owner);
      return toCsv(
        ['Commitment', 'Description', 'Stage', 'Due date'],
        rows.map((r) => [r.title, r.description, stageName(r.status), r.due_date]),
      );
    },
  };
}
