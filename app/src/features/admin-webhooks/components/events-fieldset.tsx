import { useId } from 'react';
import { FieldError } from '@/components/field';
import type { EventType } from '../../../../../contracts/events';
import type { WebhookEvents } from '../api/get-webhooks';
import { EVENT_CHOICES } from './labels';

/**
 * Which events an endpoint hears: all of them (also types added later), or the ones ticked. The boxes stay
 * visible either way so the admin sees what "all" means; they are chosen only with "Only these".
 */
export function EventsFieldset({
  value,
  onChange,
  error,
}: {
  value: WebhookEvents;
  onChange: (events: WebhookEvents) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const all = value === 'all';
  const chosen = new Set<EventType>(all ? [] : value);
  const toggle = (type: EventType, on: boolean) =>
    onChange(EVENT_CHOICES.map((c) => c.type).filter((t) => (t === type ? on : chosen.has(t))));
  return (
    <fieldset className="webhook-events" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Events</legend>
      <label className="webhook-choice">
        <input type="radio" name={`${id}-which`} checked={all} onChange={() => onChange('all')} /> All events,
        including those added later
      </label>
      <label className="webhook-choice">
        <input type="radio" name={`${id}-which`} checked={!all} onChange={() => onChange(all ? [] : value)} />{' '}
        Only these:
      </label>
      <ul className="webhook-event-list">
        {EVENT_CHOICES.map(({ type, label }) => (
          <li key={type}>
            <label className="webhook-choice">
              <input
                type="checkbox"
                checked={all || chosen.has(type)}
                disabled={all}
                onChange={(event) => toggle(type, event.target.checked)}
              />{' '}
              {label} <code>{type}</code>
            </label>
          </li>
        ))}
      </ul>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
