import { PlaceholderPage } from '@/components/placeholder-page';

export default function Page() {
  return (
    <PlaceholderPage title="My Metrics">
      Your business metrics over time: add, edit and share them with your coach.
    </PlaceholderPage>
  );
}
