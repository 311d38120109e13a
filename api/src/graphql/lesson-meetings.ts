// lessonMeetingSearch (SPEC §7): the caller's lesson meetings with SPEC §3's fields (meeting_time, time_zone,
// meeting_url) plus id and title. Like member, it takes a user_id and answers only for the caller; with a
// user_group_id, only that group's meetings, through the caller's own membership (a group page).
import type { Services } from '../services/index.js';
import { answer } from './answer.js';
import { owner } from './owner.js';
import type { QueryResolvers } from './schema-types.js';

export const lessonMeetingTypeDefs = /* GraphQL */ `
  type LessonMeeting {
    id: Int!
    title: String!
    "ISO 8601 instant (UTC)."
    meeting_time: String!
    "IANA zone the meeting was planned in."
    time_zone: String!
    "Join link; only http and https links should be opened."
    meeting_url: String
  }

  extend type Query {
    "The member's lesson meetings, soonest first; any other user_id is refused (403). With user_group_id, only that group's (group_coaching; not the caller's group: 404)."
    lessonMeetingSearch(user_id: Int!, user_group_id: Int): [LessonMeeting!]!
  }
`;

export const lessonMeetingResolvers = (services: Services): Pick<QueryResolvers, 'lessonMeetingSearch'> => ({
  lessonMeetingSearch: (_root, args, ctx) => {
    const caller = owner(ctx, args.user_id);
    const userGroupId = args.user_group_id;
    return userGroupId == null
      ? services.schedule.lessonMeetings(caller)
      : answer(() => services.groups.lessonMeetings(caller, userGroupId));
  },
});
