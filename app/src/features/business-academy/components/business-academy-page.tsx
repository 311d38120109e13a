import { PlaceholderPage } from '@/components/placeholder-page';

export default function Page() {
  return (
    <PlaceholderPage title="Business Academy">
      The Business Academy's courses and your progress through them.
    </PlaceholderPage>
  );
}
