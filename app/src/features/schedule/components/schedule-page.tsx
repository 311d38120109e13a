import { PlaceholderPage } from '../../../components/placeholder-page';

export default function Page() {
  return (
    <PlaceholderPage title="My Schedule">
      Your upcoming and past coaching meetings, with the time, the agenda and the link to join.
    </PlaceholderPage>
  );
}
