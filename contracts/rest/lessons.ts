// The client's lessons over REST: a group's meeting recordings, the flash-coaching lessons and their analytics,
// and a group or academy lesson's analytics as a training-analytics batch answers them (the lessons themselves
// are GraphQL's).
import type { FromSchema } from 'json-schema-to-ts';
import { dateTime, id } from './client.js';
import { boolean, closed, integer, multiLine, nullableString, singleLine, string, userId } from './pieces.js';

export const recording = closed({
  id: integer,
  lesson_id: { type: ['integer', 'null'] },
  title: string,
  recording_url: string,
  duration_minutes: integer,
  recorded_at: dateTime,
});

export const flashAnalytics = closed({
  assessment_id: integer,
  lesson_id: integer,
  taken_quiz: boolean,
  profit_impact: string,
  notes: string,
  updated_at: { type: ['string', 'null'], format: 'date-time' },
});

export const lessonSummary = {
  id: integer,
  title: string,
  slug: string,
  short_desc: string,
  lesson_img: nullableString,
} as const;

/** A flash-coaching lesson as listed; access 1: open, 0: listed but locked until the coach opens it. */
export const flashLessonItem = closed({
  assessment_id: integer,
  assessment_title: string,
  access: { type: 'integer', enum: [0, 1] },
  lesson: closed(lessonSummary),
});

/** A lesson's analytics where it is taken: a group (its user_group_id) or the academy (null). */
export const lessonAnalytics = closed({
  lesson_id: integer,
  user_group_id: { type: ['integer', 'null'] },
  profit_impact: string,
  pre_meeting: boolean,
  attend_meeting: boolean,
  meeting_worksheet: boolean,
  taken_quiz: boolean,
  post_meeting: boolean,
  notes: string,
  updated_at: nullableString,
});

/** The flash-coaching lesson page's fields a batch records. */
export const FLASH_FIELDS = ['taken_quiz', 'profit_impact', 'notes'] as const;
/** At most this many changes a batch. */
export const MAX_FLASH_CHANGES = 100;

/** One change of one field, with the client's time of it (epoch ms): the newest change of a field wins. */
export const flashChange = closed({
  assessment_id: id,
  lesson_id: id,
  field: { type: 'string', enum: FLASH_FIELDS, ...singleLine },
  value: { anyOf: [boolean, { type: 'string', maxLength: 10_000, ...multiLine }] },
  at: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
});

/** POST /api/v1/flashcoaching: a batch of changes (user_id is SPEC §7's; the API takes the user from the token). */
export const flashBatch = closed({
  data: { type: 'array', maxItems: MAX_FLASH_CHANGES, items: flashChange },
  user_id: userId,
});

export type Recording = FromSchema<typeof recording>;
export type FlashChange = FromSchema<typeof flashChange>;
export type FlashField = FlashChange['field'];
export type FlashAnalytics = FromSchema<typeof flashAnalytics>;
export type FlashLessonItem = FromSchema<typeof flashLessonItem>;
