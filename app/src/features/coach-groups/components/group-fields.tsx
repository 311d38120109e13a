/** The fields of a group's details, for the New group form and the group page's autosaved details. */
import { Field, SelectField, TextAreaField } from '@/components/field';
import type { FieldErrors } from '@/lib/field-errors';
import type { GroupState } from '../api/get-groups';
import type { GroupDraft, GroupField } from './group-draft';

export const STATE_LABELS: Record<GroupState, string> = {
  draft: 'Draft (members do not see it yet)',
  open: 'Open',
  closed: 'Closed',
};

export function GroupFields({
  draft,
  errors,
  onChange,
}: {
  draft: GroupDraft;
  errors: FieldErrors<GroupField>;
  onChange: (draft: GroupDraft) => void;
}) {
  const set = <K extends keyof GroupDraft>(key: K, value: GroupDraft[K]) =>
    onChange({ ...draft, [key]: value });
  return (
    <>
      <Field
        label="Title"
        value={draft.title}
        maxLength={200}
        onChange={(e) => set('title', e.target.value)}
        error={errors.title}
      />
      <TextAreaField
        label="Description"
        rows={3}
        maxLength={5000}
        value={draft.description}
        onChange={(e) => set('description', e.target.value)}
        error={errors.description}
      />
      <SelectField
        label="Status"
        value={draft.state}
        onChange={(e) => set('state', e.target.value as GroupState)}
      >
        {(Object.keys(STATE_LABELS) as GroupState[]).map((state) => (
          <option key={state} value={state}>
            {STATE_LABELS[state]}
          </option>
        ))}
      </SelectField>
      <Field
        label="Meets"
        hint="How members read the meeting rule, such as “Tuesdays, 6:00 pm”."
        value={draft.meets_on}
        maxLength={200}
        onChange={(e) => set('meets_on', e.target.value)}
        error={errors.meets_on}
      />
      <div className="group-fields-row">
        <Field
          label="Start date"
          type="date"
          value={draft.start_date}
          onChange={(e) => set('start_date', e.target.value)}
          error={errors.start_date}
        />
        <Field
          label="End date"
          type="date"
          value={draft.end_date}
          onChange={(e) => set('end_date', e.target.value)}
          error={errors.end_date}
        />
      </div>
      <div className="group-fields-row">
        <Field
          label="Price"
          hint="0 for a free group."
          inputMode="decimal"
          value={draft.price}
          onChange={(e) => set('price', e.target.value)}
          error={errors.price}
        />
        <Field
          label="Currency"
          hint="Your groups' currency unless you change it."
          value={draft.currency}
          maxLength={3}
          onChange={(e) => set('currency', e.target.value)}
          error={errors.currency}
        />
        <Field
          label="Places"
          hint="Empty for no limit."
          inputMode="numeric"
          value={draft.capacity}
          onChange={(e) => set('capacity', e.target.value)}
          error={errors.capacity}
        />
      </div>
    </>
  );
}
