// Placeholder until contracts/rest/notifications.ts lands from centre31.
import type { Channel, NotificationKind } from '../../../../../contracts/notifications';

export interface Badge {
  notifications: number;
  messages: number;
}

export interface Notification {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string | null;
  link: string;
  created_at: string;
  read_at: string | null;
}

export interface NotificationPage {
  items: Notification[];
  next_before: number | null;
}

export interface QuietHours {
  from: string;
  to: string;
}

export interface Preferences {
  kinds: { kind: NotificationKind; label: string; channels: Record<Channel, boolean | null> }[];
  quiet_hours: QuietHours | null;
  tenant_quiet_hours: QuietHours;
  morning_summary?: boolean;
}

export interface UnsubscribeInfo {
  kind: NotificationKind;
  label: string;
  email_masked?: string;
}
