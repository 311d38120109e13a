// A group's progress for its coach: the figures of progress.ts from the group's lessons, its members the coach
// reaches and their analytics rows, as JSON for the page and as CSV for the download.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Actor } from '../access/scope.js';
import { groupMembers, ownGroup } from './group-scope.js';
import { progressCsv, progressFigures } from './progress.js';
import { groupLessons, memberAnalytics } from './progress-repository.js';
import { tickedCounts } from '../checklist/checklist-repository.js';

export function createProgressService(db: Kysely<Database>) {
  async function figures(coach: Actor, groupId: number) {
    const group = await ownGroup(db, coach, groupId);
    const [lessons, members] = await Promise.all([
      groupLessons(db, coach.tenantId, groupId),
      groupMembers(db, coach, groupId),
    ]);
    const memberships = members.map((m) => m.user_group_id);
    const [rows, checks] = await Promise.all([
      memberAnalytics(db, coach, memberships),
      tickedCounts(db, coach, memberships),
    ]);
    const counted = lessons.map((l) => ({ ...l, checklist: Number(l.items ?? 0) }));
    return {
      group: { id: group.id, title: group.title },
      ...progressFigures(counted, members, rows, checks),
    };
  }

  return {
    figures,
    async csv(coach: Actor, groupId: number) {
      const data = await figures(coach, groupId);
      return { title: data.group.title, csv: progressCsv(data) };
    },
  };
}
