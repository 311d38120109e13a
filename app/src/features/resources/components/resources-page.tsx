import { PlaceholderPage } from '@/components/placeholder-page';

export default function Page() {
  return (
    <PlaceholderPage title="My Resources">
      Files and resources shared between you and your coach: download them, or send your coach a new file.
    </PlaceholderPage>
  );
}
