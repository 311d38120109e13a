import { PlaceholderPage } from '../../../components/placeholder-page';

export default function Page() {
  return (
    <PlaceholderPage title="My Action Steps">
      Your action steps and commitments on a board with the columns to do, in progress and completed.
    </PlaceholderPage>
  );
}
