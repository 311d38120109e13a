/**
 * A group's details as the form holds them (text, as typed) and as the API takes them: the price typed in the
 * currency's major unit ('499.00') goes out in its minor unit (49900), an empty capacity as no limit.
 */
import type { FieldErrors } from '@/lib/field-errors';
import type { GroupRow, GroupState } from '../api/get-groups';
import type { GroupInput } from '../api/save-group';

export type GroupField =
  'title' | 'description' | 'meets_on' | 'start_date' | 'end_date' | 'price' | 'currency' | 'capacity';

export interface GroupDraft {
  title: string;
  description: string;
  meets_on: string;
  start_date: string;
  end_date: string;
  price: string;
  currency: string;
  capacity: string;
  state: GroupState;
}

export const emptyDraft = (): GroupDraft => ({
  title: '',
  description: '',
  meets_on: '',
  start_date: '',
  end_date: '',
  price: '0',
  currency: '',
  capacity: '',
  state: 'draft',
});

export const draftOf = (group: Omit<GroupRow, 'members' | 'lessons'>): GroupDraft => ({
  title: group.title,
  description: group.description,
  meets_on: group.meets_on,
  start_date: group.start_date ?? '',
  end_date: group.end_date ?? '',
  price: (group.price / 100).toFixed(2),
  currency: group.currency.toUpperCase(),
  capacity: group.capacity === null ? '' : String(group.capacity),
  state: group.state,
});

export function problems(draft: GroupDraft): FieldErrors<GroupField> {
  return {
    title: draft.title.trim() ? undefined : 'Give the group a title.',
    price: /^\d{1,6}(\.\d{1,2})?$/.test(draft.price.trim())
      ? undefined
      : 'Enter the price as an amount, such as 499.00 (0 for a free group).',
    currency:
      !draft.currency || /^[A-Za-z]{3}$/.test(draft.currency.trim())
        ? undefined
        : 'Enter a three-letter currency code, such as USD.',
    capacity:
      !draft.capacity.trim() || /^[1-9]\d{0,3}$/.test(draft.capacity.trim())
        ? undefined
        : 'Enter the number of places, or leave it empty for no limit.',
    end_date:
      draft.start_date && draft.end_date && draft.end_date < draft.start_date
        ? 'The end date is before the start date.'
        : undefined,
  };
}

export const hasProblems = (draft: GroupDraft) => Object.values(problems(draft)).some(Boolean);

export function inputOf(draft: GroupDraft): GroupInput {
  return {
    title: draft.title.trim(),
    description: draft.description,
    meets_on: draft.meets_on.trim(),
    start_date: draft.start_date || null,
    end_date: draft.end_date || null,
    price: Math.round(Number(draft.price.trim()) * 100),
    currency: draft.currency.trim().toUpperCase(),
    capacity: draft.capacity.trim() ? Number(draft.capacity.trim()) : null,
    state: draft.state,
  };
}
