/**
 * /groups/{groupid}/{usergroupid}: a group, its lessons in order (locked ones say why), the member's progress,
 * the group's lesson meetings (a past one says when it was held) and its meeting recordings.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LessonStepsNote } from '@/components/lesson-progress';
import { GROUP_LESSON_STEPS } from '@/lib/lesson-steps';
import { QueryState } from '@/components/query-state';
import { PageLoading } from '@/components/page-loading';
import { NotFoundState, RefusedState } from '@/components/refused-state';
import { ZoneNote } from '@/components/zone-note';
import { paths } from '@/config/paths';
import { apiAssetUrl } from '@/lib/avatar';
import { httpLink } from '@/lib/http-link';
import { usePortal } from '@/lib/portal-context';
import { lessonMeetingOver, useLessonMeetings } from '@/lib/lesson-meetings';
import { routeId } from '@/lib/route-id';
import { displayZone, formatDateTime } from '@/lib/dates';
import { useUser } from '@/lib/session';
import { useRecordings } from '../api/get-recordings';
import { useUserGroup, type MemberGroupLesson } from '../api/get-user-group';
import { GroupFacts, GroupProgress } from './group-facts';
import './groups.css';

function LessonItem({ item, href }: { item: MemberGroupLesson; href: string }) {
  return (
    <li className="card group-lesson">
      <div className="group-lesson-main">
        <h3>
          {item.lesson_order}. {item.locked ? item.lesson.title : <Link to={href}>{item.lesson.title}</Link>}
        </h3>
        <p>{item.lesson.short_desc}</p>
        {item.locked_reason && <p className="muted">🔒 {item.locked_reason}</p>}
      </div>
      <LessonStepsNote
        minutes={item.lesson_length}
        stepsDone={item.steps_done}
        totalSteps={GROUP_LESSON_STEPS.length}
      />
    </li>
  );
}

/** This group's lesson meetings (the server answers only the group's own); an ended one has no join link. */
function Meetings({ userGroupId }: { userGroupId: number }) {
  const user = useUser();
  const meetings = useLessonMeetings(user.id, userGroupId);
  const zone = displayZone(user.time_zone);
  const [now] = useState(() => Date.now());
  return (
    <QueryState
      query={meetings}
      what="Your lesson meetings"
      empty="No lesson meetings."
      loading={<p role="status">Loading meetings…</p>}
    >
      {(list) => (
        <ul className="recording-list">
          {list.map((m) => {
            const over = lessonMeetingOver(m, now);
            const link = over ? null : httpLink(m.meeting_url);
            return (
              <li key={m.id} className="card">
                <strong>{m.title}</strong>
                <br />
                <span>
                  {over && 'Held on '}
                  <time dateTime={m.meeting_time}>{formatDateTime(m.meeting_time, zone)}</time>
                </span>
                {link && (
                  <>
                    {' · '}
                    <a href={link} target="_blank" rel="noopener noreferrer">
                      Join meeting<span className="visually-hidden">: {m.title}</span>
                    </a>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </QueryState>
  );
}

function Recordings({ userGroupId }: { userGroupId: number }) {
  const recordings = useRecordings(userGroupId);
  const user = useUser();
  const zone = displayZone(user.time_zone);
  return (
    <QueryState
      query={recordings}
      what="The recordings"
      empty="No recordings yet."
      loading={<p role="status">Loading recordings…</p>}
    >
      {(list) => (
        <ul className="recording-list">
          {list.map((r) => {
            const link = httpLink(r.recording_url);
            return (
              <li key={r.id} className="card">
                <strong>{r.title}</strong>
                <br />
                {formatDateTime(r.recorded_at, zone)} · {r.duration_minutes} min
                {link && (
                  <>
                    {' · '}
                    <a href={link} target="_blank" rel="noopener noreferrer">
                      Watch the recording<span className="visually-hidden">: {r.title}</span>
                    </a>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </QueryState>
  );
}

const BACK = { to: paths.groups, label: 'See all your groups' };
const NOT_FOUND = <NotFoundState subject="group" back={BACK} />;

export default function GroupPage() {
  const params = useParams();
  const groupId = routeId(params.groupid);
  const userGroupId = routeId(params.usergroupid);
  if (groupId === null || userGroupId === null)
    return (
      <div className="page">
        <h1 className="page-title">Group</h1>
        {NOT_FOUND}
      </div>
    );
  return <Group groupId={groupId} userGroupId={userGroupId} />;
}

function Group({ groupId, userGroupId }: { groupId: number; userGroupId: number }) {
  const user = useUser();
  const { config } = usePortal();
  const page = useUserGroup(user.id, userGroupId);
  const group = page.data?.group;
  const lessons = page.data?.lessons ?? [];
  // The membership is of another group than the address says.
  const mismatch = group && group.id !== groupId;
  // A path on the API (its stored files) or an http(s) URL, like a lesson's video.
  const introVideo = group?.intro_video ? apiAssetUrl(config.apiUrl, group.intro_video) : null;
  return (
    <div className="page">
      <p>
        <Link to={paths.groups}>← My Groups</Link>
      </p>
      {page.isPending && <PageLoading />}
      {page.isError && <RefusedState subject="group" error={page.error} retry={page.refetch} back={BACK} />}
      {mismatch && NOT_FOUND}
      {group && !mismatch && (
        <>
          <h1 className="page-title">{group.title}</h1>
          <p>{group.description}</p>
          {introVideo && (
            <video className="group-video" controls preload="metadata" src={introVideo}>
              <track kind="captions" />
            </video>
          )}
          <GroupFacts group={group} />
          {group.schedule && <p>{group.schedule}</p>}
          <GroupProgress group={group} />
          <section className="group-section" aria-labelledby="group-lessons">
            <h2 id="group-lessons">Lessons</h2>
            {lessons.length === 0 ? (
              <p className="card empty-state muted">No lessons yet.</p>
            ) : (
              <ol className="group-lessons">
                {lessons.map((item) => (
                  <LessonItem
                    key={item.lesson.id}
                    item={item}
                    href={paths.groupLesson(String(group.id), String(userGroupId), String(item.lesson.id))}
                  />
                ))}
              </ol>
            )}
          </section>
          <section className="group-section" aria-labelledby="group-meetings">
            <h2 id="group-meetings">Meetings</h2>
            <ZoneNote zone={displayZone(user.time_zone)} />
            <Meetings userGroupId={userGroupId} />
          </section>
          <section className="group-section" aria-labelledby="group-recordings">
            <h2 id="group-recordings">Recordings</h2>
            <Recordings userGroupId={userGroupId} />
          </section>
        </>
      )}
    </div>
  );
}
