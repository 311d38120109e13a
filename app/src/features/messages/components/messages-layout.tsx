/** /messages/*: the mailbox between the client and their coach: its folders, a thread, a new message. */
import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useThreadFolder } from './thread-folder';
import './messages.css';

const TABS = [
  { to: paths.messagesInbox, label: 'Inbox', folder: 'inbox' },
  { to: paths.messagesSent, label: 'Sent', folder: 'sent' },
  { to: paths.messagesCompose, label: 'New message', folder: null },
];

export default function MessagesLayout() {
  // A thread is in the folder it was opened from: that tab stays highlighted.
  const from = useThreadFolder();
  return (
    <section className="page messages-page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        My Messages
      </h1>
      <nav className="mail-tabs" aria-label="Mailbox">
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            className={({ isActive }) => (isActive || tab.folder === from ? 'mail-tab active' : 'mail-tab')}
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </section>
  );
}
