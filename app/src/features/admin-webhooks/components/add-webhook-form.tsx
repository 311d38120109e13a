import { useState, type FormEvent } from 'react';
import { Field } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { useFieldErrors } from '@/lib/use-field-errors';
import { useAddWebhook } from '../api/add-webhook';
import type { WebhookEvents, WithSecret } from '../api/get-webhooks';
import { EventsFieldset } from './events-fieldset';

/** The form's own checks, in the API's words; the API checks again (https, or http to this machine in tests). */
export function webhookProblems(url: string, events: WebhookEvents) {
  const address = url.trim();
  return {
    url: !address
      ? 'Enter the address that receives the events.'
      : !/^https?:\/\/\S+$/.test(address)
        ? 'Enter a full web address, like https://crm.example.com/hooks/portal.'
        : undefined,
    events: events !== 'all' && events.length === 0 ? 'Choose all events or at least one.' : undefined,
  };
}

export function AddWebhookForm({ onAdded }: { onAdded: (added: WithSecret) => void }) {
  const add = useAddWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvents>('all');
  const { errors, show, fromError } = useFieldErrors<'url' | 'events'>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (show(webhookProblems(url, events), form)) return;
    try {
      const added = await add.mutateAsync({ url: url.trim(), events });
      setUrl('');
      setEvents('all');
      onAdded(added);
    } catch (error) {
      fromError(error, form);
    }
  };

  return (
    <form className="card webhook-form" noValidate onSubmit={(event) => void submit(event)}>
      <h2>Add an endpoint</h2>
      <Field
        label="Endpoint URL"
        hint="Where the events are posted: an https address of your CRM or other system. On a test or development server, http://127.0.0.1 and http://localhost work too."
        type="url"
        inputMode="url"
        autoComplete="off"
        value={url}
        error={errors.url}
        onChange={(event) => setUrl(event.target.value)}
      />
      <EventsFieldset value={events} onChange={setEvents} error={errors.events} />
      <FormButtons submitLabel="Add endpoint" pendingLabel="Adding..." pending={add.isPending} />
    </form>
  );
}
