import { type FormEvent } from 'react';
import { Field } from '@/components/field';
import { notify } from '@/lib/toast';
import type { Member } from '../api/get-member';
import { useUpdateSocialLinks } from '../api/update-social-links';
import { PROFILE_UPDATED } from './details-form';
import { useFormState } from './use-form-state';
import { FormButtons } from '@/components/form-buttons';

export function SocialForm({ userId, profile }: { userId: number; profile: Member }) {
  const form = useFormState(
    { facebook: profile.facebook, twitter: profile.twitter, linkedin: profile.linkedin },
    ['facebook', 'twitter', 'linkedin'],
  );
  const { show, fromError } = form.problems;
  const update = useUpdateSocialLinks(userId);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    show({});
    await update
      .mutateAsync(form.payload())
      .then(() => notify.success(PROFILE_UPDATED))
      .catch((error: unknown) => fromError(error, element));
  };

  return (
    <form className="card form-card" onSubmit={submit} noValidate aria-labelledby="social-title">
      <h2 id="social-title">Social profiles</h2>
      <div className="form-grid">
        <Field
          label="Facebook"
          type="url"
          placeholder="https://facebook.com/..."
          {...form.bind('facebook')}
        />
        <Field label="Twitter" type="url" placeholder="https://twitter.com/..." {...form.bind('twitter')} />
        <Field
          label="LinkedIn"
          type="url"
          placeholder="https://linkedin.com/in/..."
          {...form.bind('linkedin')}
        />
      </div>
      <FormButtons submitLabel="Save social profiles" pending={update.isPending} />
    </form>
  );
}
