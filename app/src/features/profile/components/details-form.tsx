import { type FormEvent } from 'react';
import { Field } from '@/components/field';
import { notify } from '@/lib/toast';
import type { Member } from '../api/get-member';
import { useUpdateProfile } from '../api/update-profile';
import { TimeZoneSelect } from '@/components/time-zone-select';
import { useFormState } from './use-form-state';
import { FormButtons } from '@/components/form-buttons';

export const PROFILE_UPDATED = 'Profile updated successfully';

export function DetailsForm({ userId, profile }: { userId: number; profile: Member }) {
  const form = useFormState(
    {
      first_name: profile.first_name,
      last_name: profile.last_name,
      title: profile.title,
      website: profile.website,
      phone_number: profile.phone_number,
      location: profile.location,
      time_zone: profile.time_zone,
      birthday: profile.birthday?.slice(0, 10) ?? null,
    },
    ['website'],
  );
  const { problems } = form;
  const update = useUpdateProfile(userId);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const payload = form.payload();
    const { first_name, last_name, ...rest } = payload;
    const found = {
      ...(!first_name && { first_name: 'Enter your first name.' }),
      ...(!last_name && { last_name: 'Enter your last name.' }),
    };
    if (problems.show(found, element) || !first_name || !last_name) return;
    await update
      .mutateAsync({ first_name, last_name, ...rest })
      .then(() => notify.success(PROFILE_UPDATED))
      // The form keeps every value typed and shows the API's reasons beside their fields.
      .catch((error: unknown) => problems.fromError(error, element));
  };

  return (
    <form className="card form-card" onSubmit={submit} noValidate aria-labelledby="details-title">
      <h2 id="details-title">Personal details</h2>
      <div className="form-grid">
        <Field label="First name" autoComplete="given-name" required {...form.bind('first_name')} />
        <Field label="Last name" autoComplete="family-name" required {...form.bind('last_name')} />
        <Field
          label="Email"
          type="email"
          value={profile.email}
          readOnly
          hint="Ask your coach to change it."
        />
        <Field label="Phone number" type="tel" autoComplete="tel" {...form.bind('phone_number')} />
        <Field label="Company" value={profile.company ?? ''} readOnly hint="Managed by your coach." />
        <Field label="Job title" autoComplete="organization-title" {...form.bind('title')} />
        <Field
          label="Website"
          type="url"
          autoComplete="url"
          placeholder="https://"
          {...form.bind('website')}
        />
        <Field label="Location" autoComplete="address-level2" {...form.bind('location')} />
        <TimeZoneSelect {...form.bind('time_zone')} />
        <Field label="Birthday" type="date" autoComplete="bday" {...form.bind('birthday')} />
      </div>
      <FormButtons submitLabel="Save details" pending={update.isPending} />
    </form>
  );
}
