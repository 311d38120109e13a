/**
 * /recaps/{id}: the recap a coach shared after one of the client's meetings, the steps made from it and the
 * comments both write under it. A recap not shared with this client (another's, a draft, no such id) is the
 * API's 404 and a not-found state here. The client's own notes and the coach's private notes are elsewhere.
 */
import { useParams } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { RecapView, RecapWaiting } from '@/components/recap-view';
import { paths } from '@/config/paths';
import { displayZone, formatDateTime } from '@/lib/dates';
import { useUser } from '@/lib/session';
import { routeId } from '@/lib/route-id';
import { useCommentOnRecap, useRecap } from '../api/recaps';

const back = { to: paths.schedule, label: 'Back to your schedule' };

export default function RecapPage() {
  const id = routeId(useParams().id);
  const zone = displayZone(useUser().time_zone);
  const query = useRecap(id);
  const comment = useCommentOnRecap(id ?? 0);
  const recap = query.data;
  if (!recap) return <RecapWaiting query={query} found={id !== null} subject="recap" back={back} />;
  return (
    <PageFrame title={`Recap: ${recap.meeting.title}`} back={back}>
      <p className="muted">
        Meeting of{' '}
        <time dateTime={recap.meeting.starts_at}>{formatDateTime(recap.meeting.starts_at, zone)}</time>
      </p>
      <RecapView recap={recap} comment={comment} />
    </PageFrame>
  );
}
