// A group's live sessions: the coach schedules one for the group's members, moves or edits it, or cancels it;
// each member is mailed every change with its calendar invitation (one UID per session, a higher SEQUENCE on
// each move, CANCEL on a cancel) naming the time in the member's own zone. A start is the coach's wall clock,
// read in the coach's zone; a time already gone is refused like a meeting's. Recordings are attached afterwards
// as links the members open from the group page. Each change also reaches the members' bells (kind
// group_session, linking to their group page) and plans their reminders again, both in the transaction of the
// write, so a rolled-back change tells and reminds nobody.
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import { assignedClient } from '../access/assigned-client.js';
import type { Actor } from '../access/scope.js';
import { meetingMail, wallTime } from '../coach/meeting-mail.js';
import type { Change } from '../coach/meeting-mail.js';
import { coachProfile } from '../coach/meetings-repository.js';
import { localDateTime, wallClockStart } from '../coach/zoned-day.js';
import type { Mailer } from '../mail/mailer.js';
import { notify } from '../notifications/notify.js';
import { planGroupSessionReminders } from '../reminders/group-session-reminders.js';
import { groupMembers, ownGroup } from './group-scope.js';
import type { GroupMember } from './group-scope.js';
import * as repo from './sessions-repository.js';
import type { SessionFields, SessionRow } from './sessions-repository.js';

interface SessionInput {
  title: string;
  /** The start on the coach's wall clock: YYYY-MM-DDTHH:mm. */
  start: string;
  duration_minutes: number;
  meeting_url: string;
}

interface RecordingInput {
  title: string;
  recording_url: string;
  duration_minutes?: number | undefined;
}

const sessionNotFound = () => new HttpError(404, 'Session not found.');

const answer = (s: SessionRow) => ({
  id: s.id,
  title: s.title,
  starts_at: s.starts_at.toISOString(),
  duration_minutes: s.duration_minutes,
  time_zone: s.time_zone,
  meeting_url: s.meeting_url,
});

const recordingAnswer = (r: Awaited<ReturnType<typeof repo.insertRecording>>) => ({
  ...r,
  recorded_at: r.recorded_at.toISOString(),
});

export function createSessionsService(deps: { db: Kysely<Database>; now: () => Date; mailer: Mailer }) {
  const { db, now, mailer } = deps;

  async function coachOf(coach: Actor) {
    const profile = await coachProfile(db, coach);
    if (!profile) throw new HttpError(403, 'This is not available to your account.');
    return { ...profile, zone: profile.time_zone ?? 'UTC' };
  }

  function fieldsOf(input: SessionInput, zone: string): SessionFields {
    const startsAt = wallClockStart(input.start, zone);
    if (startsAt < now())
      throw new FieldError({ start: ['This time has passed. Choose a time still to come.'] });
    return {
      title: input.title.trim(),
      starts_at: startsAt,
      duration_minutes: input.duration_minutes,
      time_zone: zone,
      meeting_url: input.meeting_url,
    };
  }

  /** Every member's invitation of this change; the mail names the session in the member's zone. */
  async function mailMembers(
    tenant: Tenant,
    change: Change,
    session: SessionRow,
    members: GroupMember[],
    coach: Awaited<ReturnType<typeof coachOf>>,
    group: string,
  ) {
    for (const member of members) {
      await mailer.send(
        meetingMail(
          tenant,
          change,
          {
            ...session,
            client_id: member.id,
            first_name: member.first_name,
            last_name: member.last_name,
            email: member.email,
            client_time_zone: member.time_zone,
            agenda: '',
            place: null,
          },
          coach,
          now(),
          { id: session.id, group },
        ),
      );
    }
  }

  /**
   * In `trx`, the write's transaction: each member's bell hears of the change, and the session's reminders are
   * planned again (dropped with a cancelled session, moved with a moved one).
   */
  async function tellMembers(
    trx: Kysely<Database>,
    coach: Actor,
    change: Change,
    session: SessionRow,
    members: GroupMember[],
    group: { id: number; title: string },
  ) {
    for (const member of members)
      await notify(trx, {
        tenantId: coach.tenantId,
        userId: member.id,
        kind: 'group_session',
        title: `${group.title}: live session ${change}`,
        body: `${session.title}, ${wallTime(session.starts_at, member.time_zone ?? session.time_zone)}`,
        link: `/groups/${group.id}/${member.user_group_id}`,
      });
    await planGroupSessionReminders(trx, session.id, now());
  }

  async function sessionOf(coach: Actor, groupId: number, id: number) {
    const row = await repo.findSession(db, coach.tenantId, groupId, id);
    if (!row) throw sessionNotFound();
    return row;
  }

  return {
    /** The group's sessions soonest first, its members with their zones, and its recordings. */
    async list(coach: Actor, groupId: number) {
      const me = await coachOf(coach);
      const group = await ownGroup(db, coach, groupId);
      const [sessions, members, recordings] = await Promise.all([
        repo.listSessions(db, coach.tenantId, groupId),
        groupMembers(db, coach, groupId),
        repo.listRecordings(db, coach.tenantId, groupId),
      ]);
      return {
        group: { id: group.id, title: group.title },
        time_zone: me.zone,
        sessions: sessions.map(answer),
        members: members.map((m) => ({
          id: m.id,
          first_name: m.first_name,
          last_name: m.last_name,
          time_zone: m.time_zone,
        })),
        recordings: recordings.map(recordingAnswer),
      };
    },

    async create(tenant: Tenant, coach: Actor, groupId: number, input: SessionInput) {
      const me = await coachOf(coach);
      const group = await ownGroup(db, coach, groupId);
      const fields = fieldsOf(input, me.zone);
      const members = await groupMembers(db, coach, groupId);
      const row = await db.transaction().execute(async (trx) => {
        const assigned = await Promise.all(members.map((m) => assignedClient(trx, coach, m.id)));
        const id = await repo.insertSession(trx, coach, groupId, fields, assigned);
        const written = await repo.findSession(trx, coach.tenantId, groupId, id);
        if (!written) throw sessionNotFound();
        await tellMembers(trx, coach, 'scheduled', written, members, group);
        return written;
      });
      await mailMembers(tenant, 'scheduled', row, members, me, group.title);
      return answer(row);
    },

    /** A move or an edit: what is not sent stays as it was. */
    async change(tenant: Tenant, coach: Actor, groupId: number, id: number, input: Partial<SessionInput>) {
      const me = await coachOf(coach);
      const group = await ownGroup(db, coach, groupId);
      const before = await sessionOf(coach, groupId, id);
      const fields = fieldsOf(
        {
          title: input.title ?? before.title,
          start: input.start ?? localDateTime(before.starts_at, me.zone),
          duration_minutes: input.duration_minutes ?? before.duration_minutes,
          meeting_url: input.meeting_url ?? before.meeting_url ?? '',
        },
        me.zone,
      );
      const invited = new Set(await repo.sessionMemberIds(db, coach, id));
      const members = (await groupMembers(db, coach, groupId)).filter((m) => invited.has(m.id));
      const row = await db.transaction().execute(async (trx) => {
        await repo.updateSession(trx, coach, id, fields);
        const written = await repo.findSession(trx, coach.tenantId, groupId, id);
        if (!written) throw sessionNotFound();
        await tellMembers(trx, coach, 'moved', written, members, group);
        return written;
      });
      await mailMembers(tenant, 'moved', row, members, me, group.title);
      return answer(row);
    },

    async cancel(tenant: Tenant, coach: Actor, groupId: number, id: number) {
      const me = await coachOf(coach);
      const group = await ownGroup(db, coach, groupId);
      const row = await sessionOf(coach, groupId, id);
      const invited = new Set(await repo.sessionMemberIds(db, coach, id));
      const members = (await groupMembers(db, coach, groupId)).filter((m) => invited.has(m.id));
      await db.transaction().execute(async (trx) => {
        await repo.deleteSession(trx, coach.tenantId, id);
        await tellMembers(trx, coach, 'cancelled', row, members, group);
      });
      // The cancellation outranks every invitation sent before it.
      await mailMembers(
        tenant,
        'cancelled',
        { ...row, sequence: row.sequence + 1 },
        members,
        me,
        group.title,
      );
      return { id };
    },

    /**
     * A member added to the group (after its sessions were scheduled, or back after a removal) gets the
     * sessions still to come on their schedule and each one's invitation, as the members before them did.
     */
    async inviteMember(tenant: Tenant, coach: Actor, groupId: number, clientId: number) {
      const me = await coachOf(coach);
      const group = await ownGroup(db, coach, groupId);
      const member = (await groupMembers(db, coach, groupId)).find((m) => m.id === clientId);
      if (!member) return;
      const assigned = await assignedClient(db, coach, clientId);
      const sessions = await db.transaction().execute(async (trx) => {
        const joined = await repo.joinUpcomingSessions(trx, coach, groupId, assigned, now());
        for (const session of joined) await tellMembers(trx, coach, 'scheduled', session, [member], group);
        return joined;
      });
      for (const session of sessions)
        await mailMembers(tenant, 'scheduled', session, [member], me, group.title);
    },

    async addRecording(coach: Actor, groupId: number, input: RecordingInput) {
      await ownGroup(db, coach, groupId);
      const row = await repo.insertRecording(db, coach.tenantId, groupId, {
        title: input.title.trim(),
        recording_url: input.recording_url,
        duration_minutes: input.duration_minutes ?? 0,
        recorded_at: now(),
      });
      return recordingAnswer(row);
    },

    async removeRecording(coach: Actor, groupId: number, id: number) {
      await ownGroup(db, coach, groupId);
      if (!(await repo.deleteRecording(db, coach.tenantId, groupId, id)))
        throw new HttpError(404, 'Recording not found.');
      return { id };
    },
  };
}
