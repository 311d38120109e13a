/**
 * /coach/meeting-types: the kinds of meeting clients book (a name, a length, where, who may book, the notice to
 * move or cancel), added and changed here; archiving one stops its booking, its booked meetings keep it, and it
 * can be offered again.
 */
import './coach-booking.css';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageFrame } from '@/components/page-frame';
import { QueryState } from '@/components/query-state';
import { notify } from '@/lib/toast';
import { useArchiveMeetingType } from '../api/archive-meeting-type';
import { useGroups } from '../api/get-groups';
import { tenantNotice, useMeetingTypes, type MeetingType } from '../api/get-meeting-types';
import { useSaveMeetingType } from '../api/save-meeting-type';
import { BookingNav } from './booking-nav';
import { MeetingTypeForm } from './meeting-type-form';
import { noticeWords, whereWords, whoWords } from './meeting-type-words';

export default function MeetingTypesPage() {
  const query = useMeetingTypes();
  const groups = useGroups();
  const archive = useArchiveMeetingType();
  const restore = useSaveMeetingType();
  const [editing, setEditing] = useState<MeetingType | 'new' | null>(null);
  const [archiving, setArchiving] = useState<MeetingType | null>(null);
  const groupName = (id: number) => groups.data?.find((g) => g.id === id)?.title;

  const confirmArchive = async () => {
    if (!archiving) return;
    await archive.mutateAsync(archiving.id).then(
      () => notify.success(`"${archiving.name}" is archived.`),
      () => undefined,
    );
    setArchiving(null);
  };

  const facts = (t: MeetingType) =>
    [
      `${t.duration_minutes} minutes`,
      whereWords(t),
      whoWords(t, groupName),
      noticeWords(t.effective_notice_hours),
    ].join(' · ');

  return (
    <PageFrame title="Meeting types" className="booking-page">
      <BookingNav />
      <QueryState query={query} what="Your meeting types">
        {(types) => {
          const active = types.filter((t) => t.active);
          const archived = types.filter((t) => !t.active);
          return (
            <>
              {editing === null ? (
                <div className="button-row">
                  <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
                    New meeting type
                  </button>
                </div>
              ) : (
                <MeetingTypeForm
                  key={editing === 'new' ? 'new' : editing.id}
                  type={editing === 'new' ? undefined : editing}
                  defaultNotice={tenantNotice(types)}
                  onDone={() => setEditing(null)}
                />
              )}
              {active.length === 0 ? (
                <p className="card empty-state muted">
                  No meeting types yet: clients can book you once you add one.
                </p>
              ) : (
                <ul className="type-list" aria-label="Meeting types">
                  {active.map((t) => (
                    <li key={t.id} className="card">
                      <h2>{t.name}</h2>
                      <p>{facts(t)}</p>
                      {t.description && <p className="muted">{t.description}</p>}
                      <div className="button-row">
                        <button type="button" className="btn" onClick={() => setEditing(t)}>
                          Edit {t.name}
                        </button>
                        <button type="button" className="btn btn-danger" onClick={() => setArchiving(t)}>
                          Archive {t.name}
                        </button>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
              {archived.length > 0 && (
                <section aria-labelledby="archived-title">
                  <h2 id="archived-title">Archived</h2>
                  <ul className="type-list" aria-label="Archived meeting types">
                    {archived.map((t) => (
                      <li key={t.id} className="card archived-type">
                        <h3>{t.name}</h3>
                        <p className="muted">{facts(t)}</p>
                        <button
                          type="button"
                          className="btn"
                          disabled={restore.isPending}
                          onClick={() =>
                            void restore.mutateAsync({ id: t.id, active: true }).then(
                              () => notify.success(`"${t.name}" can be booked again.`),
                              () => undefined,
                            )
                          }
                        >
                          Offer {t.name} again
                        </button>
                      </li>
                    ))}
                  </ul>
                </section>
              )}
            </>
          );
        }}
      </QueryState>
      {archiving && (
        <ConfirmDialog
          title="Archive this meeting type?"
          text={`Clients can no longer book "${archiving.name}". Meetings already booked keep it, and you can offer it again later.`}
          confirmLabel="Archive"
          keepLabel="Keep offering it"
          pendingLabel="Archiving..."
          pending={archive.isPending}
          onConfirm={() => void confirmArchive()}
          onCancel={() => setArchiving(null)}
        />
      )}
    </PageFrame>
  );
}
