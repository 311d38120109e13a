import { PlaceholderPage } from '@/components/placeholder-page';

export default function Page() {
  return (
    <PlaceholderPage title="Lesson">
      The flash-coaching lesson's video and resources; your progress is saved as you go.
    </PlaceholderPage>
  );
}
