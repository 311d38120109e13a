/** /messages/*: the mailbox between the client and their coach: its folders, a thread, a new message. */
import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '@/config/paths';
import './messages.css';

const TABS = [
  { to: paths.messagesInbox, label: 'Inbox' },
  { to: paths.messagesSent, label: 'Sent' },
  { to: paths.messagesCompose, label: 'New message' },
];

export default function MessagesLayout() {
  return (
    <section className="page messages-page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        My Messages
      </h1>
      <nav className="mail-tabs" aria-label="Mailbox">
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} className="mail-tab">
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </section>
  );
}
