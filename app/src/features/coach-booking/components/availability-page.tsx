/**
 * /coach/availability: the coach's weekly hours, days off and extra days and booking rules, in the coach's zone
 * (named once), and below them what clients are offered for a chosen meeting type.
 */
import './coach-booking.css';
import { PageFrame } from '@/components/page-frame';
import { QueryState, bothQueries } from '@/components/query-state';
import { ZoneNote } from '@/components/zone-note';
import { useAvailability } from '../api/get-availability';
import { useMeetingTypes } from '../api/get-meeting-types';
import { AvailabilityEditor } from './availability-editor';
import { AvailabilityPreview } from './availability-preview';
import { BookingNav } from './booking-nav';

export default function AvailabilityPage() {
  const availability = useAvailability();
  const types = useMeetingTypes();

  return (
    <PageFrame title="Availability" className="booking-page">
      <BookingNav />
      <QueryState query={bothQueries(availability, types)} what="Your availability">
        {([page, list]) => (
          <>
            {page.weekly.length === 0 && !page.days.some((d) => d.kind === 'extra') && (
              <p className="card empty-state">
                Clients can&apos;t book you until you add hours. Add them below for each day you work.
              </p>
            )}
            <ZoneNote zone={page.time_zone} />
            <div className="availability-layout">
              <AvailabilityEditor page={page} />
              <AvailabilityPreview types={list} />
            </div>
          </>
        )}
      </QueryState>
    </PageFrame>
  );
}
