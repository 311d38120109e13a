import { PlaceholderPage } from '@/components/placeholder-page';

export default function Page() {
  return (
    <PlaceholderPage title="My Messages">
      Your mailbox with your coach: read, reply to and organise your messages.
    </PlaceholderPage>
  );
}
