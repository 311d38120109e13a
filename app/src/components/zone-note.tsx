import { zoneName } from '@/lib/dates';

/**
 * The one line of a page that names the time zone its times are in: the times themselves (lib/dates) do not
 * repeat it on every line.
 */
export function ZoneNote({ zone, what = 'Times' }: { zone: string; what?: string }) {
  return (
    <p className="muted zone-note">
      {what} are shown in {zoneName(zone)}.
    </p>
  );
}
