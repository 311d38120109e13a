/**
 * My Profile's "Email notifications": which notifications the client gets by mail. The sign-in code, sign-in
 * link and password reset are not in the list: they always go (the server sends them whatever is chosen here).
 */
import { useState, type FormEvent } from 'react';
import { FormButtons } from '@/components/form-buttons';
import { QueryState } from '@/components/query-state';
import { handleApiError } from '@/lib/api-errors';
import { notify } from '@/lib/toast';
import { useMailPreferences, type MailPreferences } from '../api/get-mail-preferences';
import { useSaveMailPreferences } from '../api/save-mail-preferences';

const TOPICS: { key: keyof MailPreferences; label: string; hint: string }[] = [
  { key: 'messages', label: 'Messages', hint: 'A message from your coach, or an answer to a request' },
  { key: 'files', label: 'Files', hint: 'Files your coach sends you' },
  {
    key: 'meetings',
    label: 'Meetings',
    hint: 'A meeting scheduled, moved or cancelled, with its calendar file',
  },
  { key: 'group_sessions', label: 'Group sessions', hint: "Your groups' live sessions" },
];

export const PREFERENCES_SAVED = 'Email notifications saved';

function PreferencesForm({ saved }: { saved: MailPreferences }) {
  const [chosen, setChosen] = useState(saved);
  const save = useSaveMailPreferences();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await save
      .mutateAsync(chosen)
      .then(() => notify.success(PREFERENCES_SAVED))
      .catch(handleApiError);
  };

  return (
    <form onSubmit={submit} noValidate>
      <fieldset className="mail-topics">
        <legend>Send me an email about</legend>
        {TOPICS.map(({ key, label, hint }) => (
          <label key={key} className="mail-topic">
            <input
              type="checkbox"
              checked={chosen[key]}
              onChange={(event) => setChosen({ ...chosen, [key]: event.target.checked })}
              aria-describedby={`mail-topic-${key}`}
            />
            <span>
              {label}
              <span id={`mail-topic-${key}`} className="muted mail-topic-hint">
                {hint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="muted">Sign-in codes, sign-in links and password resets are always sent.</p>
      <FormButtons submitLabel="Save email notifications" pending={save.isPending} />
    </form>
  );
}

export function MailPreferencesForm() {
  const preferences = useMailPreferences();
  return (
    <section className="card form-card" aria-labelledby="mail-preferences-title">
      <h2 id="mail-preferences-title">Email notifications</h2>
      <QueryState query={preferences} what="Your email notifications">
        {(saved) => <PreferencesForm saved={saved} />}
      </QueryState>
    </section>
  );
}
