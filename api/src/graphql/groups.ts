// Group coaching, the business academy and lesson analytics on /gapi (SPEC §7: group by id / user_id /
// user_group_id, usergroup, userlesson, manageAnalytics, analyticsSearch; academy is ours). Like member, every
// call takes a user_id and answers only for the caller (another user_id: 403); the services check the flags
// and that groups and lessons are the caller's (services/groups, services/academy).
import type { Services } from '../services/index.js';
import { answer } from './answer.js';
import { owner } from './owner.js';
import type { MutationResolvers, QueryResolvers } from './schema-types.js';

export const groupTypeDefs = /* GraphQL */ `
  type LessonProgress {
    total_lessons: Int!
    "Lessons with all five steps and every checklist item ticked."
    completed_lessons: Int!
    steps_done: Int!
    total_steps: Int!
  }

  type Group {
    id: Int!
    user_group_id: Int!
    title: String!
    name: String!
    slug: String!
    description: String!
    group_img: String
    intro_video: String
    "In the currency's minor unit (cents)."
    price: Int!
    currency: String!
    active: Boolean!
    template: Boolean!
    total_lessons: Int!
    "one_time or monthly."
    payment_frequency: String!
    meets_on: String!
    schedule: String!
    "'YYYY-MM-DD/YYYY-MM-DD', or null without both dates."
    group_start_end_date: String
    group_start_date: String
    group_end_date: String
    group_final_date: String
    "upcoming, active or completed."
    status: String!
    "free or paid."
    group_type: String!
    coach_id: Int
    coach_email: String
    coach_name: String
    stripe_id: String
    "The caller's membership: active, pending or cancelled."
    membership_status: String!
    paid: Boolean!
    progress: LessonProgress!
  }

  type LessonSummary {
    id: Int!
    title: String!
    slug: String!
    short_desc: String!
    lesson_img: String
    free_lesson: Boolean!
  }

  type MemberGroupLesson {
    lesson_order: Int!
    "Minutes."
    lesson_length: Int!
    "1: opened by the coach."
    lesson_access: Int!
    "Whether the caller can open it now, and why not."
    locked: Boolean!
    locked_reason: String
    "Of the five steps (pre_meeting, attend_meeting, meeting_worksheet, taken_quiz, post_meeting)."
    steps_done: Int!
    lesson: LessonSummary!
  }

  type UserGroup {
    group: Group!
    lessons: [MemberGroupLesson!]!
  }

  type LessonResourceType {
    id: Int!
    name: String!
    owner: String!
  }

  type LessonResource {
    id: Int!
    title: String!
    url: String!
    order: Int!
    type: LessonResourceType!
  }

  type LessonLink {
    id: Int!
    title: String!
  }

  type ChecklistItem {
    id: Int!
    "Plain text written by the coach."
    text: String!
    "Whether the caller ticked it (in this group, or in the academy)."
    ticked: Boolean!
  }

  "A file the coach uploaded to the lesson: downloaded (or, a video, played) through /api/v1/lesson-files/{id}."
  type LessonFile {
    id: Int!
    name: String!
    size: Int!
    type: String!
  }

  type Lesson {
    id: Int!
    title: String!
    slug: String!
    short_desc: String!
    "HTML, sanitised by the server (an allow-list of tags; no images)."
    full_desc: String!
    lesson_img: String
    "A path on this API or an http(s) URL of a video file."
    lesson_video: String
    quiz_url: String
    published: Boolean!
    free_lesson: Boolean!
    price: Int!
    created_at: String!
    updated_at: String!
    resources: [LessonResource!]!
    "Files uploaded to the lesson, in the order they were added."
    files: [LessonFile!]!
    "The lesson's uploaded video, if any (lesson_video is a link)."
    video_file: LessonFile
    lesson_order: Int!
    lesson_length: Int!
    lesson_access: Int!
    "The group's or the academy module's title."
    context_title: String!
    "The open lessons before and after it in the same group or academy."
    previous_lesson: LessonLink
    next_lesson: LessonLink
    "The coach's checklist in order, with the caller's ticks: all of it and every step ticked is the lesson done."
    checklist: [ChecklistItem!]!
  }

  type AcademyLesson {
    lesson_order: Int!
    lesson_length: Int!
    "Of the two steps a self-paced lesson has (meeting_worksheet, taken_quiz): no meeting, so no meeting steps."
    steps_done: Int!
    lesson: LessonSummary!
  }

  type AcademyModule {
    id: Int!
    title: String!
    description: String!
    lessons: [AcademyLesson!]!
  }

  type LessonAnalytics {
    lesson_id: Int!
    user_group_id: Int
    profit_impact: String!
    pre_meeting: Boolean!
    attend_meeting: Boolean!
    meeting_worksheet: Boolean!
    taken_quiz: Boolean!
    post_meeting: Boolean!
    notes: String!
    "null until the first change."
    updated_at: String
  }

  type AnalyticsResult {
    "Changes applied; ignored ones were not newer than the value held: older, or the same change again (a replay)."
    applied: Int!
    ignored: Int!
    analytics: [LessonAnalytics!]!
  }

  enum AnalyticsField {
    profit_impact
    pre_meeting
    attend_meeting
    meeting_worksheet
    taken_quiz
    post_meeting
    notes
    checklist
  }

  input AnalyticsChange {
    "Made by the client, unique per change."
    id: String!
    lesson_id: Int!
    "null for an academy lesson."
    user_group_id: Int
    field: AnalyticsField!
    "For profit_impact and notes."
    text: String
    "For the five steps and a checklist item."
    checked: Boolean
    "The checklist item a checklist change ticks; only with that field."
    item_id: Int
    "The client's time of the change, epoch ms."
    at: Float!
  }

  extend type Query {
    "The caller's groups: all of them, or the one of that group id or user_group_id (group_coaching)."
    group(user_id: Int!, id: Int, user_group_id: Int): [Group!]!
    "A group page: the group and its lessons in order."
    usergroup(user_id: Int!, user_group_id: Int!): UserGroup!
    "A lesson open to the caller: of a group (user_group_id) or, without it, of the academy."
    userlesson(user_id: Int!, lesson_id: Int!, user_group_id: Int): Lesson!
    "The academy's modules and lessons in order (business_academy)."
    academy(user_id: Int!): [AcademyModule!]!
    "The caller's analytics of a lesson (defaults before the first change)."
    analyticsSearch(user_id: Int!, lesson_id: Int!, user_group_id: Int): LessonAnalytics!
  }

  extend type Mutation {
    "Applies a batch of analytics changes; a replayed or older change is ignored."
    manageAnalytics(user_id: Int!, data: [AnalyticsChange!]!): AnalyticsResult!
  }
`;

export const groupResolvers = (services: Services) => {
  const Query: Pick<QueryResolvers, 'group' | 'usergroup' | 'userlesson' | 'academy' | 'analyticsSearch'> = {
    group: (_r, a, ctx) =>
      answer(() =>
        services.groups.groups(owner(ctx, a.user_id), {
          groupId: a.id ?? undefined,
          userGroupId: a.user_group_id ?? undefined,
        }),
      ),
    usergroup: (_r, a, ctx) =>
      answer(() => services.groups.groupPage(owner(ctx, a.user_id), a.user_group_id)),
    userlesson: (_r, a, ctx) =>
      answer(() => {
        const who = owner(ctx, a.user_id);
        return a.user_group_id == null
          ? services.academy.lesson(who, a.lesson_id)
          : services.groups.lesson(who, a.user_group_id, a.lesson_id);
      }),
    academy: (_r, a, ctx) => answer(() => services.academy.modules(owner(ctx, a.user_id))),
    analyticsSearch: (_r, a, ctx) =>
      answer(() => services.analytics.search(owner(ctx, a.user_id), a.lesson_id, a.user_group_id ?? null)),
  };
  const Mutation: Pick<MutationResolvers, 'manageAnalytics'> = {
    manageAnalytics: (_r, a, ctx) =>
      answer(() =>
        services.analytics.apply(
          owner(ctx, a.user_id),
          a.data.map(({ text, checked, ...change }) => ({
            ...change,
            user_group_id: change.user_group_id ?? null,
            value: text ?? checked ?? '',
          })),
        ),
      ),
  };
  return { Query, Mutation };
};
