import { FLAG_NAMES, flagTitle, type FlagName } from '../../../../../contracts/training-flags';
import type { MeetingType } from '../api/get-meeting-types';

export const LOCATIONS: { value: MeetingType['location']; label: string }[] = [
  { value: 'video', label: 'Video room' },
  { value: 'place', label: 'A place' },
  { value: 'phone', label: 'Phone call' },
];

export const AUDIENCES: { value: MeetingType['audience']; label: string }[] = [
  { value: 'clients', label: 'All your clients' },
  { value: 'group', label: 'Members of a group' },
  { value: 'flag', label: 'Clients with a training' },
];

const isFlag = (name: string | null): name is FlagName => FLAG_NAMES.some((flag) => flag === name);

/** The training flags a type may require, by the trainings' names. */
export const FLAGS = FLAG_NAMES.map((flag) => ({ value: flag, label: flagTitle(flag) }));

/** Where a type meets, in a few words. */
export function whereWords(type: MeetingType): string {
  if (type.location === 'place') return type.place ? `At ${type.place}` : 'At a place';
  return type.location === 'video' ? 'Video room' : 'Phone call';
}

/** Who may book a type, in a few words (a group by its name when it is known). */
export function whoWords(type: MeetingType, groupName: (id: number) => string | undefined): string {
  if (type.audience === 'group') {
    const name = type.group_id === null ? undefined : groupName(type.group_id);
    return name ? `Members of ${name}` : 'Members of a group';
  }
  if (type.audience === 'flag')
    return isFlag(type.flag) ? `Clients with ${flagTitle(type.flag)}` : 'Clients with a training';
  return 'All your clients';
}

export const noticeWords = (hours: number) =>
  `Move or cancel up to ${hours} ${hours === 1 ? 'hour' : 'hours'} before`;
