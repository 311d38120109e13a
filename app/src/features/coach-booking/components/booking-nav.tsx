import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';

const LINKS = [
  { to: paths.coachAvailability, label: 'Hours' },
  { to: paths.coachMeetingTypes, label: 'Meeting types' },
  { to: paths.coachCalendars, label: 'Calendars' },
];

/** The three booking screens, one menu item: a row of links between them, the open one marked. */
export function BookingNav() {
  return (
    <nav className="booking-nav" aria-label="Booking">
      <ul>
        {LINKS.map(({ to, label }) => (
          <li key={to}>
            <NavLink to={to} end>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
