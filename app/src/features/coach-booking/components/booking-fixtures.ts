/** What the booking screens' tests answer for a meeting type: the tenant's intro call, as a coach first gets it. */
import type { MeetingType } from '../api/get-meeting-types';

export const intro: MeetingType = {
  id: 3,
  name: 'Intro call',
  duration_minutes: 30,
  description: 'Get to know each other.',
  location: 'video',
  place: null,
  audience: 'clients',
  group_id: null,
  flag: null,
  needs_credit: false,
  notice_hours: null,
  effective_notice_hours: 24,
  active: true,
  prep_form_id: null,
};
