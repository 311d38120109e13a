/**
 * POST /api/v1/flashcoaching: the flash-coaching lesson page's analytics, batched by the shared batcher (sent
 * every 5000 ms while a lesson page is open, kept across a failed send, sent with `keepalive` when the page is
 * left or hidden). Each change carries the client's time: the API keeps a field's newest change, so a batch
 * sent twice stores nothing twice. The API takes the user from the token; user_id is SPEC §7's body field.
 */
import { AnalyticsBatcher } from '@/lib/analytics-batcher';
import { api, type Envelope } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { sessionStore } from '@/lib/session';
import type { FlashChange as ApiFlashChange, FlashField } from '../../../../../contracts/rest/lessons';
import { flashLessonQueryKey, type FlashAnalytics, type FlashLesson } from './get-flash-lesson';

const URL_PATH = '/api/v1/flashcoaching';

// What a batch carries is the API's schema (contracts/rest/lessons.ts); `key` is the batcher's own: one field of
// one lesson, so a newer change of it replaces the unsent older one.
export type { FlashField };
type FlashChange = ApiFlashChange & { key: string };

async function sendBatch(changes: FlashChange[], { keepalive }: { keepalive: boolean }) {
  const userId = sessionStore.get()?.user.id;
  if (userId === undefined) throw new Error('Signed out.');
  const body = { user_id: userId, data: changes.map(({ key: _key, ...change }) => change) };
  // Silent: the page says whether changes are saved; a toast every 5 s while offline would not help.
  const { data: answer } = await api.post<Envelope<FlashAnalytics[]>>(URL_PATH, body, {
    silent: true,
    keepalive,
  });
  for (const row of answer.data) {
    queryClient.setQueryData<FlashLesson>(flashLessonQueryKey(row.assessment_id, row.lesson_id), (lesson) =>
      lesson ? { ...lesson, analytics: row } : lesson,
    );
  }
}

export const flashAnalytics = new AnalyticsBatcher<FlashChange>(sendBatch);
// The next user of this browser must never send the last one's changes.
sessionStore.onLogout(() => flashAnalytics.clear());

export function recordFlashChange(
  assessmentId: number,
  lessonId: number,
  field: FlashField,
  value: string | boolean,
) {
  flashAnalytics.record({
    key: `${assessmentId}:${lessonId}:${field}`,
    assessment_id: assessmentId,
    lesson_id: lessonId,
    field,
    value,
    at: Date.now(),
  });
}

/** The lesson's changes not sent yet, as field values over what the API answered. */
export function unsentFlashValues(assessmentId: number, lessonId: number) {
  const values: { taken_quiz?: boolean; profit_impact?: string; notes?: string } = {};
  for (const change of flashAnalytics.unsent()) {
    if (change.assessment_id !== assessmentId || change.lesson_id !== lessonId) continue;
    if (change.field === 'taken_quiz') values.taken_quiz = change.value === true;
    else values[change.field] = String(change.value);
  }
  return values;
}
