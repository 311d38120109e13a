import { PlaceholderPage } from '@/components/placeholder-page';

export default function Page() {
  return (
    <PlaceholderPage title="Group">
      This group's lessons in order, the next meeting and your progress through the programme.
    </PlaceholderPage>
  );
}
