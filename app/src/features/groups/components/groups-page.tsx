import { PlaceholderPage } from '@/components/placeholder-page';

export default function Page() {
  return (
    <PlaceholderPage title="My Groups">
      Your group coaching programmes: each group's schedule, lessons and your progress through them.
    </PlaceholderPage>
  );
}
