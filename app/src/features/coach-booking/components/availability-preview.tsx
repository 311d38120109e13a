import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SelectField } from '@/components/field';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { formatDay, formatTime } from '@/lib/dates';
import type { MeetingType } from '../api/get-meeting-types';
import { PREVIEW_DAYS, usePreviewSlots } from '../api/get-preview-slots';

/**
 * "What your clients see": the free times of a chosen type for the coming week, as the booking page offers
 * them (the same slots endpoint's answer, with the coach's rules and busy times), in the coach's zone.
 */
export function AvailabilityPreview({ types }: { types: MeetingType[] }) {
  const active = types.filter((t) => t.active);
  const [chosen, setChosen] = useState<number | null>(active[0]?.id ?? null);
  const typeId = active.some((t) => t.id === chosen) ? chosen : (active[0]?.id ?? null);
  const slots = usePreviewSlots(typeId);

  return (
    <section className="card booking-preview" aria-labelledby="preview-title">
      <h2 id="preview-title">What your clients see</h2>
      {typeId === null ? (
        <p className="muted">
          Clients book a meeting type: <Link to={paths.coachMeetingTypes}>add one</Link> to see the times they
          are offered.
        </p>
      ) : (
        <>
          <SelectField
            label="Meeting type"
            value={String(typeId)}
            onChange={(e) => setChosen(Number(e.target.value))}
          >
            {active.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name} ({t.duration_minutes} minutes)
              </option>
            ))}
          </SelectField>
          <QueryState
            query={slots}
            what="The free times"
            isEmpty={(page) => page.days.every((d) => d.slots.length === 0)}
            empty={`No free times in the next ${PREVIEW_DAYS} days.`}
          >
            {(page) => (
              <ul className="preview-days" aria-label="Free times">
                {page.days
                  .filter((d) => d.slots.length > 0)
                  .map((d) => (
                    <li key={d.date}>
                      <h3>{formatDay(d.date)}</h3>
                      <ul className="preview-slots">
                        {d.slots.map((s) => (
                          <li key={s.start}>{formatTime(s.start, page.time_zone)}</li>
                        ))}
                      </ul>
                    </li>
                  ))}
              </ul>
            )}
          </QueryState>
        </>
      )}
    </section>
  );
}
