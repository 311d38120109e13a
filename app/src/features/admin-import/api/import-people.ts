import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import type { CsvPerson } from '../../../../../contracts/people-csv';
import type { ImportRow as RowAnswer } from '../../../../../contracts/rest/integration';

// A row's answer is the API's schema's (contracts/rest/integration.ts).
export type { ImportRow as RowAnswer } from '../../../../../contracts/rest/integration';

/** Rows a call carries (the API's most). */
const BATCH = 200;

interface ImportRun {
  rows: CsvPerson[];
  dryRun: boolean;
  invite: boolean;
}

/**
 * POST /api/v1/admin/people/import, batch after batch: each row's answer, in the order of `rows`. A dry run
 * counts the file's coaches as arriving, so a client may name a coach the same file brings.
 */
async function importPeople({ rows, dryRun, invite }: ImportRun): Promise<RowAnswer[]> {
  const arriving = dryRun
    ? rows.flatMap((r) => (r.fields.role === 'coach' && r.fields.email ? [r.fields.email] : []))
    : [];
  const answers: RowAnswer[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const response = await api.post<Envelope<RowAnswer[]>>('/api/v1/admin/people/import', {
      // A row without an email goes as it is: the API says so beside the row.
      people: batch.map((row) => row.fields),
      dry_run: dryRun,
      invite,
      arriving_coaches: arriving,
    });
    answers.push(...response.data.data.map((answer) => ({ ...answer, index: answer.index + i })));
  }
  return answers;
}

export const useImportPeople = () => useMutation({ mutationFn: importPeople });
