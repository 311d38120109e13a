import { PlaceholderPage } from '@/components/placeholder-page';

export default function Page() {
  return (
    <PlaceholderPage title="Group lesson">
      The lesson's video, resources and quiz, and the meeting details; your progress is saved as you go.
    </PlaceholderPage>
  );
}
