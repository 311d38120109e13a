// JSON Schemas of the coach's workspace answers (/api/v1/coach/...): a client named in a list is always
// { id, first_name, last_name }, times are ISO instants, dates YYYY-MM-DD.
import type { FromSchema } from 'json-schema-to-ts';
import { list, note } from './client.js';
import { boolean, closed, integer, nullableString, string } from './pieces.js';

/** A group named in a coach's answer. */
export const groupRef = closed({ id: integer, title: string });
export const person = closed({ id: integer, first_name: string, last_name: string });

// A meeting with a client as every coach answer names it.
const meetingWith = {
  id: integer,
  client: person,
  title: string,
  agenda: string,
  starts_at: string,
  duration_minutes: integer,
  meeting_url: nullableString,
} as const;

export const coachMeeting = closed({ ...meetingWith, client_time_zone: string });

export const submission = closed({ id: integer, client: person, summary: string, created_at: string });

export const todayPage = closed({
  time_zone: string,
  date: string,
  meetings: closed({ today: list(coachMeeting), week: list(coachMeeting) }),
  unread: list(closed({ client: person, count: integer, latest_at: string })),
  files: list(
    closed({
      id: integer,
      sending_id: integer,
      // Null: a file for one client alone who has no company.
      company_id: { type: ['integer', 'null'] },
      client: person,
      name: string,
      size: integer,
      type: string,
      created_at: string,
    }),
  ),
  waiting: closed({ tickets: list(submission), testimonials: list(submission), referrals: list(submission) }),
  overdue: list(closed({ client: person, count: integer, oldest_due: string })),
});

/** A coach's answer to a request, as mailed to the client (oldest first). */
export const requestAnswer = closed({
  body: string,
  created_at: string,
  coach: closed({ first_name: string, last_name: string }),
});

export const coachRequest = closed({
  kind: { type: 'string', enum: ['tickets', 'testimonials', 'referrals'] },
  id: integer,
  client: person,
  summary: string,
  text: string,
  status: { type: 'string', enum: ['new', 'in_progress', 'done'] },
  // A testimonial's approval for publication; null for the other kinds.
  approved: { type: ['boolean', 'null'] },
  created_at: string,
  status_changed_at: nullableString,
  answers: list(requestAnswer),
});

export const coachClient = closed({
  id: integer,
  first_name: string,
  last_name: string,
  email: string,
  time_zone: nullableString,
  company: { anyOf: [{ type: 'null' }, closed({ id: integer, name: string })] },
  since: string,
  counts: closed({ unread: integer, open_steps: integer, overdue: integer }),
  next_meeting_at: nullableString,
});

export const coachStep = closed({
  id: integer,
  title: string,
  description: string,
  status: integer,
  due_date: nullableString,
  created_at: string,
  updated_at: string,
});

export const privateNote = closed({
  id: integer,
  body: string,
  meeting_id: { type: ['integer', 'null'] },
  author_id: integer,
  created_at: string,
  updated_at: string,
});

const clientMeeting = closed({
  id: integer,
  title: string,
  agenda: string,
  starts_at: string,
  duration_minutes: integer,
  time_zone: string,
  meeting_url: nullableString,
});

export const clientPage = closed({
  client: closed({
    id: integer,
    first_name: string,
    last_name: string,
    email: string,
    title: nullableString,
    location: nullableString,
    time_zone: nullableString,
    phone_number: nullableString,
    profile_pic: nullableString,
    company_id: { type: ['integer', 'null'] },
    company: { anyOf: [{ type: 'null' }, closed({ id: integer, name: string })] },
  }),
  schedule: closed({ upcoming: list(clientMeeting), past: list(clientMeeting) }),
  notes: closed({ client: list(note), private: list(privateNote) }),
  action_steps: list(coachStep),
  commitments: list(coachStep),
  metrics: list(
    closed({
      id: integer,
      name: string,
      unit: string,
      target: { type: ['number', 'null'] },
      direction: string,
      values: list(closed({ metric_id: integer, period: string, value: { type: 'number' }, note: string })),
    }),
  ),
  assessments: list(closed({ id: integer, title: string, assessed_on: string })),
  files: list(
    closed({
      id: integer,
      sending_id: integer,
      sender: closed({ id: integer, first_name: string, last_name: string }),
      from_coach: boolean,
      to: { type: 'string', enum: ['client', 'company'] },
      description: string,
      name: string,
      size: integer,
      type: string,
      created_at: string,
    }),
  ),
  groups: list(
    closed({
      id: integer,
      group_id: integer,
      title: string,
      status: string,
      joined_at: string,
      lessons: integer,
      started: integer,
      completed: integer,
    }),
  ),
});

export const thread = closed({
  id: integer,
  subject: string,
  client: person,
  latest_at: string,
  messages: integer,
  unread: integer,
});

const party = closed({ id: integer, first_name: string, last_name: string });
export const message = closed({
  id: integer,
  parent: { type: ['integer', 'null'] },
  previous: { type: ['integer', 'null'] },
  from: integer,
  to: integer,
  fromuser: party,
  touser: party,
  subject: string,
  body: string,
  read: boolean,
  attachments: list(closed({ id: integer, name: string, size: integer, type: string })),
  created_at: string,
  updated_at: string,
});

/** A meeting the coach holds: its start as an instant, the zone it was booked in and the client's zone. */
export const scheduledMeeting = closed({
  ...meetingWith,
  time_zone: string,
  client_time_zone: nullableString,
  place: nullableString,
});

/** The coach's meetings from now through the next weeks, in the coach's zone. */
export const meetingsPage = closed({ time_zone: string, meetings: list(scheduledMeeting) });

// The types the app's coach screens read, derived from the answers above.
export type CoachClientRow = FromSchema<typeof coachClient>;
export type ClientPageData = FromSchema<typeof clientPage>;
export type ClientMeeting = FromSchema<typeof clientMeeting>;
export type ClientStep = FromSchema<typeof coachStep>;
export type PrivateNote = FromSchema<typeof privateNote>;
export type ClientFile = ClientPageData['files'][number];
export type Person = FromSchema<typeof person>;
export type Today = FromSchema<typeof todayPage>;
export type TodayMeeting = FromSchema<typeof coachMeeting>;
export type Submission = FromSchema<typeof submission>;
export type RequestAnswer = FromSchema<typeof requestAnswer>;
export type CoachRequest = FromSchema<typeof coachRequest>;
export type RequestKind = CoachRequest['kind'];
export type RequestStatus = CoachRequest['status'];
export type ScheduledMeeting = FromSchema<typeof scheduledMeeting>;
export type Meetings = FromSchema<typeof meetingsPage>;
export type Thread = FromSchema<typeof thread>;
