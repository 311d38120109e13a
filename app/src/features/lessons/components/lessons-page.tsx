import { PlaceholderPage } from '@/components/placeholder-page';

export default function Page() {
  return (
    <PlaceholderPage title="My Lessons">
      Your flash-coaching lessons, grouped by assessment, with what you have completed so far.
    </PlaceholderPage>
  );
}
