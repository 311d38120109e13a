// One change of a member's lesson analytics (SPEC §3 fields), as the app's batcher sends it: a client-made id
// and the client's time of the change, so the service can apply a batch any number of times, in any order,
// and keep each field's newest value. A tick of one of the coach's checklist items is a change of the field
// 'checklist' naming the item, kept per item the same way. Checked here, so GraphQL and REST refuse the same
// things.
import { FieldError } from '../../errors.js';
import { hasControl } from '../../plain-text.js';

export const FLAG_FIELDS = [
  'pre_meeting',
  'attend_meeting',
  'meeting_worksheet',
  'taken_quiz',
  'post_meeting',
] as const;
export const TEXT_LIMITS = { profit_impact: 200, notes: 10_000 } as const;
const ANALYTICS_FIELDS = [
  ...FLAG_FIELDS,
  ...(Object.keys(TEXT_LIMITS) as (keyof typeof TEXT_LIMITS)[]),
  'checklist',
] as const;
/** At most this many changes a batch (seven fields of a few lessons). */
export const MAX_CHANGES = 100;

export type AnalyticsField = (typeof ANALYTICS_FIELDS)[number];

export interface AnalyticsChange {
  id: string;
  lesson_id: number;
  /** null: an academy lesson. */
  user_group_id: number | null;
  field: AnalyticsField;
  /** The checklist item a 'checklist' change ticks or unticks; absent for every other field. */
  item_id?: number | null | undefined;
  value: string | boolean;
  /** The client's time of the change (epoch ms). */
  at: number;
}

const invalid = (message: string) => new FieldError({ data: [message] });

export function checkChanges(changes: AnalyticsChange[]): AnalyticsChange[] {
  if (changes.length > MAX_CHANGES) throw invalid(`At most ${MAX_CHANGES} changes at once.`);
  for (const change of changes) {
    const field: string = change.field;
    if (!ANALYTICS_FIELDS.includes(change.field)) throw invalid(`Unknown field ${field}.`);
    if (!/^[\w-]{1,64}$/.test(change.id))
      throw invalid('Each change needs an id of up to 64 letters, digits, - or _.');
    if (!Number.isSafeInteger(change.at) || change.at < 0)
      throw invalid('Each change needs its time in epoch ms.');
    if (field in TEXT_LIMITS) {
      const limit = TEXT_LIMITS[field as keyof typeof TEXT_LIMITS];
      if (typeof change.value !== 'string') throw invalid(`${field} must be text.`);
      if (change.value.length > limit) throw invalid(`${field} must be at most ${limit} characters.`);
      if (hasControl(field === 'notes' ? 'multi-line' : 'single-line', change.value))
        throw invalid(`${field} must not contain control characters.`);
    } else if (typeof change.value !== 'boolean') throw invalid(`${field} must be true or false.`);
    const item = change.item_id ?? null;
    if (field === 'checklist' ? !(Number.isSafeInteger(item) && Number(item) > 0) : item !== null)
      throw invalid('A checklist change, and only one, names its item_id.');
  }
  return changes;
}
