// The mail coachingportal/task/share/ sends: the client's tasks with who is responsible, deadline and status.
import type { Tenant } from '../../db/database.js';
import { formatInZone, stageName } from '../client-work/csv.js';
import { sharedListMail } from '../client-work/shared-list-mail.js';
import type { Sharer } from '../client-work/shared-list-mail.js';
import type { MailDraft } from '../mail/mail-draft.js';
import type { TaskRow } from './team-repository.js';

export function taskListMail(
  tenant: Tenant,
  client: Sharer & { time_zone: string | null },
  to: string,
  rows: TaskRow[],
): MailDraft {
  const items = rows.map((r) => ({
    heading: r.title,
    lines: [
      `Responsibility: ${r.responsibility || 'Unassigned'}`,
      `Deadline: ${formatInZone(r.deadline, client.time_zone) || 'None'}`,
      `Status: ${stageName(r.status)}`,
      ...(r.note ? [`Note: ${r.note}`] : []),
    ],
  }));
  return sharedListMail(tenant, client, to, {
    what: 'a task list',
    their: 'their task list',
    items,
    empty: 'There are no tasks yet.',
  });
}
