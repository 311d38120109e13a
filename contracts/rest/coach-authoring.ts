// JSON Schemas of the coach's authoring calls (/api/v1/coach/groups, lessons, academy): what a coach may set
// on a group, a lesson and a module, and the pages they answer.
import type { FromSchema } from 'json-schema-to-ts';
import { calendarDate, id, list, text } from './client.js';
import { boolean, closed, integer, line, multiLine, nullableString, singleLine, string } from './pieces.js';

const groupState = { type: 'string', enum: ['draft', 'open', 'closed'], ...singleLine } as const;

/** A group's editable fields; price in the currency's minor unit (cents), 0 for a free group. */
export const groupFields = {
  title: text(200),
  description: { type: 'string', maxLength: 5000, ...multiLine },
  meets_on: line(200),
  start_date: calendarDate,
  end_date: calendarDate,
  price: { type: 'integer', minimum: 0, maximum: 100_000_000 },
  currency: line(3, {
    pattern: '^[A-Za-z]{3}$',
    mismatch: 'Enter a three-letter currency code, such as USD.',
  }),
  capacity: { type: ['integer', 'null'], minimum: 1, maximum: 10_000 },
  state: groupState,
} as const;

const groupColumns = {
  id: integer,
  title: string,
  description: string,
  meets_on: string,
  start_date: nullableString,
  end_date: nullableString,
  price: integer,
  currency: string,
  capacity: { type: ['integer', 'null'] },
  state: groupState,
} as const;

export const groupRow = closed({ ...groupColumns, members: integer, lessons: integer });

const placedLesson = {
  id: integer,
  title: string,
  published: boolean,
  free_lesson: boolean,
  order: integer,
  length: integer,
} as const;

export const groupPage = closed({
  ...groupColumns,
  published_lessons: integer,
  lessons: list(closed({ ...placedLesson, lesson_access: integer })),
  members: list(
    closed({
      user_group_id: integer,
      id: integer,
      first_name: string,
      last_name: string,
      email: string,
      status: string,
      completed_lessons: integer,
      payment: { type: 'string', enum: ['free', 'paid', 'unpaid'] },
    }),
  ),
  candidates: list(closed({ id: integer, first_name: string, last_name: string, email: string })),
  /** The tenant's other coaches, whom the group may be handed to. */
  colleagues: list(closed({ id: integer, first_name: string, last_name: string })),
});

/** What the app's group form sends: every field (a new group needs only its title). */
export const groupInput = closed(groupFields);

export type GroupState = FromSchema<typeof groupState>;
export type GroupRow = FromSchema<typeof groupRow>;
export type GroupPageData = FromSchema<typeof groupPage>;
/** A lesson of the group page; `lesson_access` 1 is open to members, 0 listed locked; `length` in minutes. */
export type GroupLesson = GroupPageData['lessons'][number];
export type GroupInput = FromSchema<typeof groupInput>;

export const newLesson = closed({ id: integer, title: string, published: boolean });

export const lessonFields = {
  title: text(200),
  short_desc: line(500),
  // HTML from the editor: cut to the rich-text rule before it is stored.
  full_desc: { type: 'string', maxLength: 100_000, ...multiLine },
  lesson_video: { type: ['string', 'null'], maxLength: 2000, plainText: 'single-line' },
  published: boolean,
  free_lesson: boolean,
  length: { type: 'integer', minimum: 0, maximum: 600 },
  lesson_access: { type: 'integer', enum: [0, 1] },
} as const;

export const uploadedFile = closed({ id: integer, name: string, size: integer, type: string });
/** What the coach uploaded to a lesson: its files and its video (null: none). */
const lessonUploads = {
  files: list(uploadedFile),
  video_file: { anyOf: [uploadedFile, { type: 'null' }] },
} as const;

export const lessonPage = closed({
  id: integer,
  title: string,
  short_desc: string,
  full_desc: string,
  lesson_video: nullableString,
  published: boolean,
  free_lesson: boolean,
  length: integer,
  lesson_access: { type: ['integer', 'null'] },
  place: {
    anyOf: [
      closed({ kind: { type: 'string', enum: ['group', 'academy'] }, id: integer, title: string }),
      { type: 'null' },
    ],
  },
  resources: list(closed({ id: integer, title: string, url: string })),
  ...lessonUploads,
  updated_at: string,
});

export const academyModules = list(
  closed({
    id: integer,
    title: string,
    description: string,
    lessons: list(closed(placedLesson)),
  }),
);

/** A lesson's changed fields, as the editor autosaves them (any of them). */
export const lessonChange = closed(lessonFields, []);

export type UploadedFile = FromSchema<typeof uploadedFile>;
/** The lesson editor's page; `full_desc` is HTML cut to the rich-text rule; `lesson_access` null in the academy. */
export type CoachLesson = FromSchema<typeof lessonPage>;
export type LessonInput = FromSchema<typeof lessonChange>;
export type AcademyModule = FromSchema<typeof academyModules>[number];

export const moduleFields = {
  title: text(200),
  description: { type: 'string', maxLength: 2000, ...multiLine },
} as const;

const ids = { type: 'array', items: id, maxItems: 500 } as const;
export const lessonOrder = closed({ lesson_ids: ids });
export const moduleOrder = closed({ module_ids: ids });

/** A lesson's checklist: a list a member can work through on one page, each item one plain line. */
export const CHECKLIST_LIMITS = { items: 20, length: 200 } as const;
export const checklist = closed({ items: list(closed({ id: integer, text: string })) });
/** The whole list in order: an item without an id is new; the text is one plain line (shown as text, never HTML). */
export const checklistSave = closed({
  items: {
    type: 'array',
    maxItems: CHECKLIST_LIMITS.items,
    items: closed({ id: { anyOf: [id, { type: 'null' }] }, text: text(CHECKLIST_LIMITS.length) }, ['text']),
  },
});

export type ChecklistItem = FromSchema<typeof checklist>['items'][number];
export type ChecklistDraft = FromSchema<typeof checklistSave>['items'][number];
