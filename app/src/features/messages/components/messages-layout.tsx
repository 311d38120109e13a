/** /messages/*: the mailbox between the client and their coach: its folders, a thread, a new message. */
import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useThreadFolder } from './thread-folder';
import './messages.css';
import { PageFrame } from '@/components/page-frame';

const TABS = [
  { to: paths.messagesInbox, label: 'Inbox', folder: 'inbox' },
  { to: paths.messagesSent, label: 'Sent', folder: 'sent' },
  { to: paths.messagesCompose, label: 'New message', folder: null },
];

export default function MessagesLayout() {
  // A thread is in the folder it was opened from: that tab stays highlighted.
  const from = useThreadFolder();
  return (
    <PageFrame title="My Messages" className="messages-page">
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
    </PageFrame>
  );
}
