// Whether a member may open a group's lesson (the server's rule; the app only shows it): the coach opened it
// (lesson_access 1), the membership is active, and a paid group is paid for, unless the lesson is a free one.
import type { GroupLessonRow, MembershipRow } from './groups-repository.js';

/** Why the lesson is locked for this member, or null when it is open. */
export function lockReason(
  membership: Pick<MembershipRow, 'membership_status' | 'group_type' | 'paid'>,
  lesson: { [K in 'lesson_access' | 'free_lesson']: GroupLessonRow[K] | null },
): string | null {
  if (lesson.lesson_access !== 1) return 'Your coach has not opened this lesson yet.';
  if (lesson.free_lesson) return null;
  if (membership.membership_status !== 'active')
    return 'This lesson opens once your place in the group is confirmed.';
  if (membership.group_type === 'paid' && !membership.paid)
    return 'This lesson opens once the group is paid for.';
  return null;
}
