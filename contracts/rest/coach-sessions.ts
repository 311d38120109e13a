// A coach's group's live sessions and recordings (/api/v1/coach/groups/:id/sessions and /recordings): what the
// API checks and answers, and the types the app's Live sessions page sends and reads.
import type { FromSchema } from 'json-schema-to-ts';
import { list, text } from './client.js';
import { groupRef } from './coach.js';
import { closed, integer, line, nullableString, string, webLink } from './pieces.js';

/** A session as the coach types it: the start is their wall clock (YYYY-MM-DDTHH:mm), read in their zone. */
export const sessionFields = {
  title: text(200),
  start: line(16, { pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$' }),
  duration_minutes: { type: 'integer', minimum: 5, maximum: 720 },
  meeting_url: webLink(2000),
} as const;
export const sessionInput = closed(sessionFields);

export const groupSession = closed({
  id: integer,
  title: string,
  /** ISO instant. */
  starts_at: string,
  duration_minutes: integer,
  /** The coach's zone when it was scheduled. */
  time_zone: string,
  meeting_url: nullableString,
});

/** A recording attached afterwards as a link; its length is optional. */
export const recordingInput = closed(
  {
    title: text(200),
    recording_url: webLink(2000),
    duration_minutes: { type: 'integer', minimum: 0, maximum: 720 },
  },
  ['title', 'recording_url'],
);

export const recording = closed({
  id: integer,
  title: string,
  recording_url: string,
  duration_minutes: integer,
  recorded_at: string,
});

/** The page's answer: the group, the coach's zone (the times they type and read), sessions, members, recordings. */
export const groupSessions = closed({
  group: groupRef,
  time_zone: string,
  sessions: list(groupSession),
  members: list(closed({ id: integer, first_name: string, last_name: string, time_zone: nullableString })),
  recordings: list(recording),
});

export type SessionInput = FromSchema<typeof sessionInput>;
export type GroupSession = FromSchema<typeof groupSession>;
export type RecordingInput = FromSchema<typeof recordingInput>;
export type Recording = FromSchema<typeof recording>;
export type GroupSessions = FromSchema<typeof groupSessions>;
