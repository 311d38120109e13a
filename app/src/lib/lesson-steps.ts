/**
 * The steps a member ticks on a lesson, shared by the lesson pages (features/lessons) that tick them and the
 * group and academy pages (features/groups, features/business-academy) that count them, as stages.ts is
 * shared by the boards and the plans.
 */
/** A step a member ticks on a lesson: one of SPEC §3's lesson analytics flags, and what ticking it says. */
type LessonStep = readonly [
  field: 'pre_meeting' | 'attend_meeting' | 'meeting_worksheet' | 'taken_quiz' | 'post_meeting',
  label: string,
];

/** A group lesson's steps, around the group's meeting. */
export const GROUP_LESSON_STEPS: readonly LessonStep[] = [
  ['pre_meeting', 'I prepared for the meeting'],
  ['attend_meeting', 'I attended the meeting'],
  ['meeting_worksheet', 'I completed the worksheet'],
  ['taken_quiz', 'I took the quiz'],
  ['post_meeting', 'I did the follow-up work'],
];

/**
 * A self-paced academy lesson has no meeting, so only the flags that make sense without one (the API counts
 * the same two for the academy); what the lesson is worth and the notes follow them as for a group lesson.
 */
export const ACADEMY_LESSON_STEPS: readonly LessonStep[] = [
  ['meeting_worksheet', 'I did the worksheet'],
  ['taken_quiz', 'I took the quiz'],
];
