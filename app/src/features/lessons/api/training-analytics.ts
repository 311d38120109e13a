/**
 * Lesson analytics (SPEC §3 fields) for group and academy lessons: analyticsSearch reads them, and one batcher
 * for the whole app (lib/analytics-batcher) sends changes to POST training-analytics/ every 5000 ms while a
 * lesson page is open. The API takes the user from the token and applies a change only if it is newer than
 * the value it holds, so sending a batch twice is harmless. A page-leave send asks fetch for keepalive, which
 * outlives the page; its answer, when the page is still there, counts too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AnalyticsBatcher } from '@/lib/analytics-batcher';
import { api } from '@/lib/api-client';
import { gql, graphql } from '@/lib/gapi';
import { queryClient } from '@/lib/query-client';
import { sessionStore } from '@/lib/session';

export interface LessonAnalytics {
  profit_impact: string;
  pre_meeting: boolean;
  attend_meeting: boolean;
  meeting_worksheet: boolean;
  taken_quiz: boolean;
  post_meeting: boolean;
  notes: string;
}

export type AnalyticsField = keyof LessonAnalytics;

interface AnalyticsRow extends LessonAnalytics {
  lesson_id: number;
  user_group_id: number | null;
}

/** Where a lesson is taken: a group (its user_group_id) or the academy (null). */
export interface LessonPlace {
  lessonId: number;
  userGroupId: number | null;
}

interface AnalyticsChange {
  key: string;
  id: string;
  lesson_id: number;
  user_group_id: number | null;
  /** 'checklist': a tick of the coach's checklist item `item_id`. */
  field: AnalyticsField | 'checklist';
  item_id?: number;
  value: string | boolean;
  at: number;
}

const URL_PATH = '/api/v1/training-analytics/';

const QUERY = graphql`
  query ($user_id: Int!, $lesson: Int!, $ug: Int) {
    analyticsSearch(user_id: $user_id, lesson_id: $lesson, user_group_id: $ug) {
      lesson_id
      user_group_id
      profit_impact
      pre_meeting
      attend_meeting
      meeting_worksheet
      taken_quiz
      post_meeting
      notes
    }
  }
`;

const analyticsKey = (place: LessonPlace) => ['training-analytics', place.lessonId, place.userGroupId];

const analyticsQueryOptions = (userId: number, place: LessonPlace) =>
  queryOptions({
    queryKey: analyticsKey(place),
    queryFn: ({ signal }) =>
      gql<AnalyticsRow>(
        'analyticsSearch',
        QUERY,
        { user_id: userId, lesson: place.lessonId, ug: place.userGroupId },
        { signal },
      ),
  });

export const useLessonAnalytics = (userId: number, place: LessonPlace) =>
  useQuery(analyticsQueryOptions(userId, place));

async function sendBatch(changes: AnalyticsChange[], { keepalive }: { keepalive: boolean }) {
  const userId = sessionStore.get()?.user.id;
  if (userId === undefined) throw new Error('Signed out.');
  const body = { user_id: userId, data: changes.map(({ key: _key, ...change }) => change) };
  // Background sends stay silent: the panel says whether changes are saved, a toast every 5 s would not help.
  const { data: answer } = await api.post<{ data: { analytics: AnalyticsRow[] } }>(URL_PATH, body, {
    silent: true,
    keepalive,
  });
  for (const row of answer.data.analytics)
    queryClient.setQueryData(analyticsKey({ lessonId: row.lesson_id, userGroupId: row.user_group_id }), row);
  // The checklist's ticks come with the lesson: read it again when it is next shown.
  if (changes.some((change) => change.field === 'checklist'))
    void queryClient.invalidateQueries({ queryKey: ['lesson'], refetchType: 'none' });
}

export const trainingAnalytics = new AnalyticsBatcher<AnalyticsChange>(sendBatch);
// Changes belong to the user who made them: a logout (here or in another tab) drops what was not sent.
sessionStore.onLogout(() => trainingAnalytics.clear());

// Unique enough per change: the API only compares ids for equality within one member's changes.
const changeId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export function recordChange(place: LessonPlace, field: AnalyticsField, value: string | boolean): void {
  trainingAnalytics.record({
    key: `${place.lessonId}:${place.userGroupId ?? 'academy'}:${field}`,
    id: changeId(),
    lesson_id: place.lessonId,
    user_group_id: place.userGroupId,
    field,
    value,
    at: Date.now(),
  });
}

/** A tick (or untick) of one of the coach's checklist items, batched like the steps. */
export function recordTick(place: LessonPlace, itemId: number, ticked: boolean): void {
  trainingAnalytics.record({
    key: `${place.lessonId}:${place.userGroupId ?? 'academy'}:checklist:${itemId}`,
    id: changeId(),
    lesson_id: place.lessonId,
    user_group_id: place.userGroupId,
    field: 'checklist',
    item_id: itemId,
    value: ticked,
    at: Date.now(),
  });
}

const unsentOf = (place: LessonPlace) =>
  trainingAnalytics
    .unsent()
    .filter((change) => change.lesson_id === place.lessonId && change.user_group_id === place.userGroupId);

/** The place's changes not yet saved, as field values over what the API answered. */
export function unsentValues(place: LessonPlace): Partial<LessonAnalytics> {
  const values: Partial<Record<AnalyticsField, string | boolean>> = {};
  for (const change of unsentOf(place)) if (change.field !== 'checklist') values[change.field] = change.value;
  return values as Partial<LessonAnalytics>;
}

/** The place's checklist ticks not yet saved, by item id. */
export function unsentTicks(place: LessonPlace): Map<number, boolean> {
  const ticks = new Map<number, boolean>();
  for (const change of unsentOf(place))
    if (change.field === 'checklist' && change.item_id !== undefined)
      ticks.set(change.item_id, change.value === true);
  return ticks;
}
