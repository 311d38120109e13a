/** /schedule: upcoming and past coaching meetings and the lesson meetings, in the user's own time zone. */
import { useMemo, useState, type ReactNode } from 'react';
import { PageLoading } from '@/components/page-loading';
import { usePortal } from '@/lib/portal-context';
import { QueryState } from '@/components/query-state';
import { OfflineBanner } from '@/components/offline-banner';
import { sessionStore, useUser } from '@/lib/session';
import { queryClient } from '@/lib/query-client';
import { ZoneNote } from '@/components/zone-note';
import { displayZone } from '@/lib/dates';
import { hasFlag } from '@/lib/user';
import { paths } from '@/config/paths';
import {
  LESSON_MINUTES,
  lessonMeetingOver,
  lessonMeetingsQueryOptions,
  useLessonMeetings,
} from '@/lib/lesson-meetings';
import { useOfflineCopy } from '@/lib/offline-copy';
import { scheduleQueryOptions, useSchedule, type Meeting } from '../api/get-schedule';
import { useRecaps } from '../api/recaps';
import { MeetingCard, type MeetingView } from './meeting-card';
import './schedule.css';
import { PageFrame } from '@/components/page-frame';
import { FormsWaitingCardLater } from '@/components/forms-waiting-card-lazy';

const fromMeeting = (m: Meeting, change: boolean, recap?: number): MeetingView => ({
  key: `meeting-${m.id}`,
  title: m.title,
  meetingTime: m.meeting_time,
  minutes: m.duration_minutes,
  agenda: m.agenda,
  detail:
    [m.coach_name && `With ${m.coach_name}`, m.place && `At ${m.place}`].filter(Boolean).join(' · ') || null,
  url: m.meeting_url,
  ...(change ? { change: paths.bookedMeeting(m.id) } : {}),
  ...(recap === undefined ? {} : { recap: paths.recap(recap) }),
});

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="schedule-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * Asks for both lists as soon as this chunk arrives (see app/lazy-page), while the shell is still rendering:
 * the page's queries then find them on their way instead of starting them after the first render.
 */
export function prefetch(): void {
  const user = sessionStore.get()?.user;
  if (!user) return;
  void queryClient.prefetchQuery(scheduleQueryOptions());
  void queryClient.prefetchQuery(lessonMeetingsQueryOptions(user.id));
}

/** The client's schedule; `aside` (their goals card, composed in src/app) shows above the meetings. */
export default function SchedulePage({ aside }: { aside?: ReactNode }) {
  const user = useUser();
  const { config } = usePortal();
  const schedule = useSchedule();
  // Offline, the lesson meetings read from their last copy too: the whole schedule is the last one seen.
  const lessons = useOfflineCopy('lesson-meetings', useLessonMeetings(user.id));
  const zone = displayZone(user.time_zone ?? schedule.data?.time_zone);
  const booking = hasFlag(user, 'booking', config.defaultFlags);
  const [now] = useState(() => Date.now());
  // The recaps shared with the client, by meeting: a past meeting with one links to it. Without them (still
  // loading, or failed) the meetings show as they are.
  const recaps = useRecaps();
  const recapOf = useMemo(() => new Map((recaps.data ?? []).map((r) => [r.meeting.id, r.id])), [recaps.data]);
  const list = (items: MeetingView[], upcoming: (m: MeetingView) => boolean) => (
    <ul className="meeting-list">
      {items.map((m) => (
        <MeetingCard key={m.key} meeting={m} zone={zone} upcoming={upcoming(m)} domain={config.domain} />
      ))}
    </ul>
  );
  const meetings = (key: 'upcoming' | 'past') => ({
    ...schedule,
    // With booking, each upcoming meeting opens its page to move or cancel it (which says when it cannot).
    data: schedule.data?.[key].map((m) => fromMeeting(m, key === 'upcoming' && booking, recapOf.get(m.id))),
  });
  const lessonViews = {
    ...lessons,
    data: lessons.data?.map((l) => ({
      key: `lesson-${l.id}`,
      title: l.title,
      meetingTime: l.meeting_time,
      minutes: LESSON_MINUTES,
      url: l.meeting_url,
    })),
  };

  return (
    <PageFrame title="My Schedule" className="schedule-page">
      <OfflineBanner since={schedule.offlineSince ?? lessons.offlineSince} />
      <FormsWaitingCardLater />
      <ZoneNote zone={zone} />
      {aside}
      {/* One loading state until both lists are in: a list arriving first and drawn alone would be pushed
          down the page by the other's arrival, under the reader's eyes. */}
      {schedule.isPending || lessons.isPending ? (
        <PageLoading />
      ) : (
        <>
          <Section title="Upcoming meetings" id="upcoming-title">
            <QueryState query={meetings('upcoming')} what="Your meetings" empty="No upcoming meetings.">
              {(items) => list(items, () => true)}
            </QueryState>
          </Section>
          <Section title="Lesson meetings" id="lessons-title">
            <QueryState query={lessonViews} what="Your lesson meetings" empty="No lesson meetings.">
              {(items) => list(items, (m) => !lessonMeetingOver({ meeting_time: m.meetingTime }, now))}
            </QueryState>
          </Section>
          <Section title="Past meetings" id="past-title">
            <QueryState query={meetings('past')} what="Your meetings" empty="No past meetings yet.">
              {(items) => list(items, () => false)}
            </QueryState>
          </Section>
        </>
      )}
    </PageFrame>
  );
}
