import { PlaceholderPage } from '../../../components/placeholder-page';

export default function Page() {
  return (
    <PlaceholderPage title="My Notes">
      Meeting notes from your coaching sessions: read, add and edit your own notes.
    </PlaceholderPage>
  );
}
