import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Field, SelectField, TextAreaField } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { notify } from '@/lib/toast';
import { formLibraryQueryOptions } from '@/lib/form-library';
import { useFormFields } from '@/lib/use-form-fields';
import { useGroups } from '../api/get-groups';
import type { MeetingType, NewMeetingType } from '../api/get-meeting-types';
import { useSaveMeetingType } from '../api/save-meeting-type';
import { AUDIENCES, FLAGS, LOCATIONS } from './meeting-type-words';

type Location = MeetingType['location'];
type Audience = MeetingType['audience'];

/** A choice of one, as radio buttons in a group named by `legend`. */
function Choice<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="choice">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value}>
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />{' '}
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);

/**
 * A new meeting type, or a change of one: its name and length, where it meets, who may book it, when it differs
 * from the tenant's how long before it may still be moved or cancelled, and the prep form a booking sends. A
 * refused save keeps what was typed, with each sentence at its field.
 */
export function MeetingTypeForm({
  type,
  defaultNotice,
  onDone,
}: {
  type?: MeetingType | undefined;
  /** The tenant's notice, when the types tell it. */
  defaultNotice: number | undefined;
  onDone: () => void;
}) {
  const save = useSaveMeetingType();
  const groups = useGroups();
  // The builder's and the pickers' one query: a form saved or archived in the builder shows here at once.
  const forms = useQuery(formLibraryQueryOptions());
  const { values, field, errors, show, fromError } = useFormFields({
    name: type?.name ?? '',
    duration_minutes: String(type?.duration_minutes ?? 60),
    description: type?.description ?? '',
    place: type?.place ?? '',
    group_id: type?.group_id === null || type === undefined ? '' : String(type.group_id),
    flag: type?.flag ?? '',
    notice_hours: type?.notice_hours === null || type === undefined ? '' : String(type.notice_hours),
    prep_form_id: type?.prep_form_id == null ? '' : String(type.prep_form_id),
  });
  // The active forms the coach may send; the type's own prep form stays listed when it was archived since, so
  // the select shows what the type sends (and the API's refusal says to choose another).
  const prepForms = (forms.data ?? []).filter((f) => !f.archived || String(f.id) === values.prep_form_id);
  const [location, setLocation] = useState<Location>(type?.location ?? 'video');
  const [audience, setAudience] = useState<Audience>(type?.audience ?? 'clients');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const minutes = whole(values.duration_minutes);
    const notice = values.notice_hours.trim() === '' ? null : whole(values.notice_hours);
    const found = {
      ...(!values.name.trim() && { name: 'Give the type a name.' }),
      ...((minutes === null || minutes < 5 || minutes > 480) && {
        duration_minutes: 'Give the length in minutes, from 5 to 480.',
      }),
      ...(location === 'place' && !values.place.trim() && { place: 'Say where you meet.' }),
      ...(audience === 'group' && !values.group_id && { group_id: 'Choose the group.' }),
      ...(audience === 'flag' && !values.flag && { flag: 'Choose the training.' }),
      ...(values.notice_hours.trim() !== '' &&
        notice === null && { notice_hours: 'Enter a whole number of hours, or leave it empty.' }),
    };
    if (show(found, form)) return;
    const fields: NewMeetingType = {
      name: values.name.trim(),
      duration_minutes: minutes ?? 0,
      description: values.description,
      location,
      place: location === 'place' ? values.place.trim() : null,
      audience,
      group_id: audience === 'group' ? Number(values.group_id) : null,
      flag: audience === 'flag' ? values.flag : null,
      notice_hours: notice,
      prep_form_id: values.prep_form_id ? Number(values.prep_form_id) : null,
    };
    try {
      await save.mutateAsync({ id: type?.id ?? null, ...fields });
      notify.success(type ? 'The meeting type is saved.' : 'The meeting type is added.');
      onDone();
    } catch (error) {
      fromError(error, form);
    }
  };

  return (
    <form
      className="card meeting-type-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="type-form-title"
    >
      <h2 id="type-form-title">{type ? `Change "${type.name}"` : 'New meeting type'}</h2>
      <Field label="Name" maxLength={120} required {...field('name')} />
      <Field
        label="Length (minutes)"
        type="number"
        inputMode="numeric"
        min={5}
        max={480}
        {...field('duration_minutes')}
      />
      <TextAreaField
        label="Description"
        hint="What clients read before they book."
        maxLength={2000}
        rows={3}
        {...field('description')}
      />
      <Choice legend="Where" name="location" options={LOCATIONS} value={location} onChange={setLocation} />
      {location === 'place' && <Field label="Place" maxLength={300} {...field('place')} />}
      <Choice
        legend="Who may book"
        name="audience"
        options={AUDIENCES}
        value={audience}
        onChange={setAudience}
      />
      {audience === 'group' && (
        <SelectField
          label="Group"
          disabled={groups.isPending}
          {...field('group_id')}
          error={errors.group_id ?? (groups.isError ? 'Your groups could not be loaded.' : undefined)}
        >
          <option value="">Choose a group</option>
          {(groups.data ?? []).map((g) => (
            <option key={g.id} value={g.id}>
              {g.title}
            </option>
          ))}
        </SelectField>
      )}
      {audience === 'flag' && (
        <SelectField label="Training" {...field('flag')}>
          <option value="">Choose a training</option>
          {FLAGS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </SelectField>
      )}
      <Field
        label="Notice to move or cancel (hours)"
        hint={`Until how many hours before the meeting a client may move or cancel it. Leave it empty for your organisation's ${defaultNotice === undefined ? 'notice' : `${defaultNotice} hours`}.`}
        type="number"
        inputMode="numeric"
        min={0}
        {...field('notice_hours')}
      />
      <SelectField
        label="Prep form"
        hint="Sent to the client when they book; they fill it before the meeting."
        disabled={forms.isPending}
        {...field('prep_form_id')}
        error={errors.prep_form_id ?? (forms.isError ? 'Your forms could not be loaded.' : undefined)}
      >
        <option value="">None</option>
        {prepForms.map((f) => (
          <option key={f.id} value={f.id}>
            {f.title}
            {f.tenant_wide ? " (your business's)" : ''}
            {f.archived ? ' (archived)' : ''}
          </option>
        ))}
      </SelectField>
      <FormButtons
        submitLabel={type ? 'Save changes' : 'Add meeting type'}
        pending={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
