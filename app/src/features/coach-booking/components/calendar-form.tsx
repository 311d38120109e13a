import type { FormEvent } from 'react';
import { Field } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { notify } from '@/lib/toast';
import { useFormFields } from '@/lib/use-form-fields';
import { useAddCalendar } from '../api/change-calendars';

/**
 * Adds an outside calendar by its secret address, with where each calendar app gives it. The address is sent
 * once and never shown again (only its host): a refused one stays typed, with the reason beside it.
 */
export function CalendarForm() {
  const add = useAddCalendar();
  const { values, field, show, fromError, reset } = useFormFields({ label: '', url: '' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const label = values.label.trim();
    const url = values.url.trim();
    const found = {
      ...(!label && { label: 'Give the calendar a name, like Work or Family.' }),
      ...(!/^(https?|webcal):\/\/\S+$/i.test(url) && {
        url: 'Enter the calendar’s address, starting with https:// or webcal://.',
      }),
    };
    if (show(found, form)) return;
    try {
      await add.mutateAsync({ label, url });
      reset();
      notify.success(`"${label}" is added.`);
    } catch (error) {
      fromError(error, form);
    }
  };

  return (
    <form
      className="card calendar-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="calendar-form-title"
    >
      <h2 id="calendar-form-title">Add a calendar</h2>
      <Field label="Name" maxLength={120} placeholder="Work" {...field('label')} />
      <Field
        label="Secret address in iCal format"
        type="url"
        maxLength={2000}
        spellCheck={false}
        autoComplete="off"
        hint="Google Calendar: Settings, the calendar, Integrate calendar, Secret address in iCal format. Outlook: Settings, Calendar, Shared calendars, Publish a calendar, the ICS link. Apple iCloud: the calendar's sharing, Public Calendar, the link."
        {...field('url')}
      />
      <FormButtons submitLabel="Add calendar" pending={add.isPending} pendingLabel="Adding..." />
    </form>
  );
}
