import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/**
 * My Profile's way to the notification settings, the one place to choose what arrives by mail, in the portal
 * and by push; the mail choices that were here live there now, with the other channels.
 */
export function NotificationsCard() {
  return (
    <section className="card form-card" aria-labelledby="notifications-card-title">
      <h2 id="notifications-card-title">Notifications</h2>
      <p className="muted">
        Choose what you hear about by email, in the portal and by push, and your quiet hours.
      </p>
      <Link to={paths.notificationSettings}>Notification settings</Link>
    </section>
  );
}
