import { formatDateTime } from '@/lib/dates';

/** Says that a page shows its last copy because the API cannot be reached (lib/offline-copy.ts). */
export function OfflineBanner({ since }: { since: string | null }) {
  if (!since) return null;
  return (
    <p className="offline-banner" role="status">
      You are offline: showing what was last loaded at {formatDateTime(since)}.
    </p>
  );
}
