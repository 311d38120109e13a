/**
 * /profile: the fields of SPEC §3 in two forms (details, social links), the profile picture, the way to the
 * notification settings and to their coaching agreement (when there is one), push on this device (where the
 * server and the browser have it), and their calendar feed (their meetings in their own calendar app).
 */
import './profile.css';
import { CalendarFeedCard } from '@/components/calendar-feed-card';
import { PageLoading } from '@/components/page-loading';
import { PushNotificationsCard } from '@/components/push-notifications-card';
import { useUser } from '@/lib/session';
import { useMember } from '../api/get-member';
import { AgreementCard } from './agreement-card';
import { DetailsForm } from './details-form';
import { NotificationsCard } from './notifications-card';
import { PhotoCard } from './photo-card';
import { SocialForm } from './social-form';
import { PageFrame } from '@/components/page-frame';

export default function ProfilePage() {
  const user = useUser();
  const member = useMember(user);
  // Wait for the fresh profile (or its failure) before filling the forms, so nothing typed is replaced later.
  const ready = !member.isPlaceholderData || member.isError;
  const profile = member.data ?? user;

  return (
    <PageFrame title="My Profile">
      <div className="profile-grid">
        <PhotoCard user={user} />
        {ready ? (
          <div className="profile-forms">
            <DetailsForm userId={user.id} profile={profile} />
            <SocialForm userId={user.id} profile={profile} />
            <NotificationsCard />
            <AgreementCard />
            <PushNotificationsCard />
            <CalendarFeedCard title="Calendar feed" what="your meetings with your coach" />
          </div>
        ) : (
          <PageLoading />
        )}
      </div>
    </PageFrame>
  );
}
