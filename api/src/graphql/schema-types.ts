// Generated from the /gapi schema (api-schema.ts) by `npm run graphql:types`: edit the schema, not this file.
import type { GraphQLResolveInfo } from 'graphql';
import type { MercuriusContext } from 'mercurius';
import type { Flags } from '../../../contracts/flags.js';

type Maybe<T> = T | null;

/** A root field: its arguments as the schema declares them, and what it must answer. */
type Resolver<Args, Answer> = (
  root: unknown,
  args: Args,
  ctx: MercuriusContext,
  info: GraphQLResolveInfo,
) => Answer | Promise<Answer>;

type Trainings = Flags;

interface Member {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  company?: Maybe<string>;
  company_id?: Maybe<number>;
  website?: Maybe<string>;
  role_id: number;
  profile_pic?: Maybe<string>;
  title?: Maybe<string>;
  location?: Maybe<string>;
  time_zone?: Maybe<string>;
  phone_number?: Maybe<string>;
  birthday?: Maybe<string>;
  facebook?: Maybe<string>;
  twitter?: Maybe<string>;
  linkedin?: Maybe<string>;
  trainings: Trainings;
}

interface LessonMeeting {
  id: number;
  title: string;
  /** ISO 8601 instant (UTC). */
  meeting_time: string;
  /** IANA zone the meeting was planned in. */
  time_zone: string;
  /** Join link; only http and https links should be opened. */
  meeting_url?: Maybe<string>;
}

interface EmailUser {
  id: number;
  first_name: string;
  last_name: string;
}

interface Attachment {
  id: number;
  name: string;
  /** Bytes. */
  size: number;
  /** The type read from the file's content. */
  type: string;
}

interface Email {
  id: number;
  /** The thread's first message; null on that message itself. */
  parent?: Maybe<number>;
  /** The message this one answers; null on a thread's first message. */
  previous?: Maybe<number>;
  from: number;
  to: number;
  fromuser: EmailUser;
  touser: EmailUser;
  subject: string;
  /** HTML, sanitised by the server before it was stored (an allow-list of tags; no images). */
  body: string;
  /** For the caller as recipient; messages the caller sent are read. */
  read: boolean;
  attachments: readonly Attachment[];
  /** ISO 8601 instants (UTC). */
  created_at: string;
  updated_at: string;
}

interface EmailPage {
  items: readonly Email[];
  total: number;
  /** null on the last page. */
  next_offset?: Maybe<number>;
}

type Folder = 'inbox' | 'sent';

interface LessonProgress {
  total_lessons: number;
  /** Lessons with all five steps and every checklist item ticked. */
  completed_lessons: number;
  steps_done: number;
  total_steps: number;
}

interface Group {
  id: number;
  user_group_id: number;
  title: string;
  name: string;
  slug: string;
  description: string;
  group_img?: Maybe<string>;
  intro_video?: Maybe<string>;
  /** In the currency's minor unit (cents). */
  price: number;
  currency: string;
  active: boolean;
  template: boolean;
  total_lessons: number;
  /** one_time or monthly. */
  payment_frequency: string;
  meets_on: string;
  schedule: string;
  /** 'YYYY-MM-DD/YYYY-MM-DD', or null without both dates. */
  group_start_end_date?: Maybe<string>;
  group_start_date?: Maybe<string>;
  group_end_date?: Maybe<string>;
  group_final_date?: Maybe<string>;
  /** upcoming, active or completed. */
  status: string;
  /** free or paid. */
  group_type: string;
  coach_id?: Maybe<number>;
  coach_email?: Maybe<string>;
  coach_name?: Maybe<string>;
  stripe_id?: Maybe<string>;
  /** The caller's membership: active, pending or cancelled. */
  membership_status: string;
  paid: boolean;
  progress: LessonProgress;
}

interface LessonSummary {
  id: number;
  title: string;
  slug: string;
  short_desc: string;
  lesson_img?: Maybe<string>;
  free_lesson: boolean;
}

interface MemberGroupLesson {
  lesson_order: number;
  /** Minutes. */
  lesson_length: number;
  /** 1: opened by the coach. */
  lesson_access: number;
  /** Whether the caller can open it now, and why not. */
  locked: boolean;
  locked_reason?: Maybe<string>;
  /** Of the five steps (pre_meeting, attend_meeting, meeting_worksheet, taken_quiz, post_meeting). */
  steps_done: number;
  lesson: LessonSummary;
}

interface UserGroup {
  group: Group;
  lessons: readonly MemberGroupLesson[];
}

interface LessonResourceType {
  id: number;
  name: string;
  owner: string;
}

interface LessonResource {
  id: number;
  title: string;
  url: string;
  order: number;
  type: LessonResourceType;
}

interface LessonLink {
  id: number;
  title: string;
}

interface ChecklistItem {
  id: number;
  /** Plain text written by the coach. */
  text: string;
  /** Whether the caller ticked it (in this group, or in the academy). */
  ticked: boolean;
}

/** A file the coach uploaded to the lesson: downloaded (or, a video, played) through /api/v1/lesson-files/{id}. */
interface LessonFile {
  id: number;
  name: string;
  size: number;
  type: string;
}

interface Lesson {
  id: number;
  title: string;
  slug: string;
  short_desc: string;
  /** HTML, sanitised by the server (an allow-list of tags; no images). */
  full_desc: string;
  lesson_img?: Maybe<string>;
  /** A path on this API or an http(s) URL of a video file. */
  lesson_video?: Maybe<string>;
  quiz_url?: Maybe<string>;
  published: boolean;
  free_lesson: boolean;
  price: number;
  created_at: string;
  updated_at: string;
  resources: readonly LessonResource[];
  /** Files uploaded to the lesson, in the order they were added. */
  files: readonly LessonFile[];
  /** The lesson's uploaded video, if any (lesson_video is a link). */
  video_file?: Maybe<LessonFile>;
  lesson_order: number;
  lesson_length: number;
  lesson_access: number;
  /** The group's or the academy module's title. */
  context_title: string;
  /** The open lessons before and after it in the same group or academy. */
  previous_lesson?: Maybe<LessonLink>;
  next_lesson?: Maybe<LessonLink>;
  /** The coach's checklist in order, with the caller's ticks: all of it and every step ticked is the lesson done. */
  checklist: readonly ChecklistItem[];
}

interface AcademyLesson {
  lesson_order: number;
  lesson_length: number;
  /** Of the two steps a self-paced lesson has (meeting_worksheet, taken_quiz): no meeting, so no meeting steps. */
  steps_done: number;
  lesson: LessonSummary;
}

interface AcademyModule {
  id: number;
  title: string;
  description: string;
  lessons: readonly AcademyLesson[];
}

interface LessonAnalytics {
  lesson_id: number;
  user_group_id?: Maybe<number>;
  profit_impact: string;
  pre_meeting: boolean;
  attend_meeting: boolean;
  meeting_worksheet: boolean;
  taken_quiz: boolean;
  post_meeting: boolean;
  notes: string;
  /** null until the first change. */
  updated_at?: Maybe<string>;
}

interface AnalyticsResult {
  /** Changes applied; ignored ones were not newer than the value held: older, or the same change again (a replay). */
  applied: number;
  ignored: number;
  analytics: readonly LessonAnalytics[];
}

type AnalyticsField =
  | 'profit_impact'
  | 'pre_meeting'
  | 'attend_meeting'
  | 'meeting_worksheet'
  | 'taken_quiz'
  | 'post_meeting'
  | 'notes'
  | 'checklist';

interface AnalyticsChange {
  /** Made by the client, unique per change. */
  id: string;
  lesson_id: number;
  /** null for an academy lesson. */
  user_group_id?: Maybe<number>;
  field: AnalyticsField;
  /** For profit_impact and notes. */
  text?: Maybe<string>;
  /** For the five steps and a checklist item. */
  checked?: Maybe<boolean>;
  /** The checklist item a checklist change ticks; only with that field. */
  item_id?: Maybe<number>;
  /** The client's time of the change, epoch ms. */
  at: number;
}

/** A resolver for each field of Query. */
export interface QueryResolvers {
  /** The signed-in member; any other user_id is refused (403). */
  member: Resolver<{ user_id: number }, Member>;
  /** How many of the member's mailbox messages are unread. */
  unreademails: Resolver<{ user_id: number }, number>;
  /** The member's lesson meetings, soonest first; any other user_id is refused (403). With user_group_id, only that group's (group_coaching; not the caller's group: 404). */
  lessonMeetingSearch: Resolver<{ user_id: number; user_group_id?: Maybe<number> }, readonly LessonMeeting[]>;
  /** A folder newest first, or with thread (a thread's first message) that thread oldest first; limit 1..50. */
  emails: Resolver<
    { user_id: number; folder: Folder; thread?: Maybe<number>; limit: number; offset: number },
    EmailPage
  >;
  /** The caller's groups: all of them, or the one of that group id or user_group_id (group_coaching). */
  group: Resolver<{ user_id: number; id?: Maybe<number>; user_group_id?: Maybe<number> }, readonly Group[]>;
  /** A group page: the group and its lessons in order. */
  usergroup: Resolver<{ user_id: number; user_group_id: number }, UserGroup>;
  /** A lesson open to the caller: of a group (user_group_id) or, without it, of the academy. */
  userlesson: Resolver<{ user_id: number; lesson_id: number; user_group_id?: Maybe<number> }, Lesson>;
  /** The academy's modules and lessons in order (business_academy). */
  academy: Resolver<{ user_id: number }, readonly AcademyModule[]>;
  /** The caller's analytics of a lesson (defaults before the first change). */
  analyticsSearch: Resolver<
    { user_id: number; lesson_id: number; user_group_id?: Maybe<number> },
    LessonAnalytics
  >;
}

/** A resolver for each field of Mutation. */
export interface MutationResolvers {
  /** Marks the caller's received messages read (or unread); how many changed. */
  markEmailRead: Resolver<{ user_id: number; ids: number[]; read: boolean }, number>;
  /** Hides the messages for the caller only (the other party keeps theirs); how many were hidden. */
  deleteEmails: Resolver<{ user_id: number; ids: number[] }, number>;
  /** A reply to previous (to its other party, same thread), or a new message to the caller's coach. */
  sendEmail: Resolver<
    {
      user_id: number;
      subject: string;
      body: string;
      previous?: Maybe<number>;
      attachments?: Maybe<number[]>;
    },
    Email
  >;
  /** Applies a batch of analytics changes; a replayed or older change is ignored. */
  manageAnalytics: Resolver<{ user_id: number; data: AnalyticsChange[] }, AnalyticsResult>;
}
