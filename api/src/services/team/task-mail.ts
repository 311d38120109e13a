// The mail coachingportal/task/share/ sends: the client's tasks as plain text (no HTML, so nothing a client
// typed can become markup in someone's inbox).
import type { Tenant } from '../../db/database.js';
import { formatInZone, stageName } from '../client-work/csv.js';
import type { MailMessage } from '../mail/mailer.js';
import type { TaskRow } from './team-repository.js';

interface Client {
  first_name: string;
  last_name: string;
  email: string;
  time_zone: string | null;
}

export function taskListMail(tenant: Tenant, client: Client, to: string, rows: TaskRow[]): MailMessage {
  const name = `${client.first_name} ${client.last_name}`;
  const lines = rows.map((r) =>
    [
      `- ${r.title}`,
      `  Responsibility: ${r.responsibility || 'Unassigned'}`,
      `  Deadline: ${formatInZone(r.deadline, client.time_zone) || 'None'}`,
      `  Status: ${stageName(r.status)}`,
      ...(r.note ? [`  Note: ${r.note}`] : []),
    ].join('\n'),
  );
  return {
    from: `"${tenant.name}" <no-reply@${tenant.domain}>`,
    to,
    subject: `${name} shared a task list with you`,
    text: [
      `${name} (${client.email}) shared their task list from ${tenant.name}.`,
      '',
      ...(lines.length ? lines : ['There are no tasks yet.']),
    ].join('\n'),
  };
}
