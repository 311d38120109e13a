/**
 * What a coaching business sells: a coach's own offerings at /coach/offerings, and at /admin/offerings the
 * tenant's (sold for every coach) with every coach's. A single session, a package of N sessions valid M months,
 * a subscription (monthly or quarterly, N sessions a period or none) or a payment plan (a total in K monthly
 * instalments); the fields follow the kind. The price is typed in the currency's major units (none for yen) and
 * sent in minor units; the server checks it all again, and a refusal keeps what was typed. Who may buy it: all
 * the seller's clients, the members of one group (a coach's own; an admin's any of the tenant's), or the clients
 * invited (a coach's own; an admin's any of the tenant's), saved after the offering by PUT …/invitations.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { formatMoney, type OfferingKind } from '../../../../../contracts/billing';
import type { Offering, OfferingInput } from '../../../../../contracts/rest/billing';
import { FormButtons } from '@/components/form-buttons';
import { PageFrame } from '@/components/page-frame';
import { QueryState } from '@/components/query-state';
import { errorMessage } from '@/lib/api-errors';
import { fieldErrorsOf } from '@/lib/field-errors';
import { toMajorText, toMinorUnits } from '@/lib/money-input';
import { notify } from '@/lib/toast';
import {
  useArchiveOffering,
  useMeetingTypes,
  useInvitees,
  useOfferings,
  useSaveOffering,
  useSellerGroups,
  type Invitee,
  type Seller,
} from '../api/offerings';
import './offerings.css';
import { ScrollRegion } from '@/components/scroll-region';

const KINDS: [OfferingKind, string][] = [
  ['session', 'A single session'],
  ['package', 'A package of sessions'],
  ['subscription', 'A subscription'],
  ['plan', 'A payment plan'],
];

interface Draft {
  kind: OfferingKind;
  title: string;
  description: string;
  meetingTypeId: string;
  sessions: string;
  validMonths: string;
  interval: 'month' | 'quarter';
  instalments: string;
  price: string;
  audience: 'clients' | 'group' | 'invited';
  groupId: string;
  /** The clients invited (audience 'invited'), by id. */
  invited: number[];
}

const draftOf = (o: Offering | null, currency: string): Draft => ({
  kind: o?.kind ?? 'package',
  title: o?.title ?? '',
  description: o?.description ?? '',
  meetingTypeId: o?.meeting_type ? String(o.meeting_type.id) : '',
  sessions: o?.sessions ? String(o.sessions) : '',
  validMonths: o?.valid_months ? String(o.valid_months) : '',
  interval: o?.interval ?? 'month',
  instalments: o?.instalments ? String(o.instalments) : '',
  price: o ? toMajorText(o.price, currency) : '',
  audience: o?.audience ?? 'clients',
  groupId: o?.group ? String(o.group.id) : '',
  invited: o?.invited ?? [],
});

const whole = (text: string) => (/^\d{1,3}$/.test(text.trim()) ? Number(text) : null);

/** The draft as the API takes it, or what is wrong with it, field by field. */
function inputOf(d: Draft, currency: string): { input?: OfferingInput; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  if (!d.title.trim()) problems.title = 'Name the offering.';
  const price = toMinorUnits(d.price, currency);
  if (price === null)
    problems.price = `Enter a price in ${currency.toUpperCase()}, like ${toMajorText(4500, currency)}.`;
  const sessions = d.sessions.trim() ? whole(d.sessions) : null;
  const validMonths = d.validMonths.trim() ? whole(d.validMonths) : null;
  const instalments = whole(d.instalments);
  if (d.kind === 'package' && (sessions === null || sessions < 2 || sessions > 100))
    problems.sessions = 'A package has 2 to 100 sessions.';
  if (d.kind === 'package' && (validMonths === null || validMonths < 1 || validMonths > 36))
    problems.validMonths = 'Its credits last 1 to 36 months.';
  if (
    (d.kind === 'subscription' || d.kind === 'plan') &&
    d.sessions.trim() &&
    (sessions === null || sessions < 1)
  )
    problems.sessions = 'Leave it empty for none, or 1 to 100.';
  if (d.kind === 'plan' && (instalments === null || instalments < 2 || instalments > 24))
    problems.instalments = 'A plan has 2 to 24 monthly instalments.';
  if (d.audience === 'group' && !d.groupId) problems.groupId = 'Choose the group.';
  if (Object.keys(problems).length > 0 || price === null) return { problems };
  return {
    problems,
    input: {
      kind: d.kind,
      title: d.title.trim(),
      description: d.description.trim(),
      meeting_type_id: d.meetingTypeId ? Number(d.meetingTypeId) : null,
      sessions: d.kind === 'session' ? 1 : sessions,
      valid_months: d.kind === 'package' || d.kind === 'plan' ? validMonths : null,
      interval: d.kind === 'subscription' ? d.interval : d.kind === 'plan' ? 'month' : null,
      instalments: d.kind === 'plan' ? instalments : null,
      price,
      audience: d.audience,
      group_id: d.audience === 'group' ? Number(d.groupId) : null,
    },
  };
}

function Field({
  id,
  label,
  problem,
  hint,
  children,
}: {
  id: string;
  label: string;
  problem?: string | undefined;
  hint?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const described = [hint && `${id}-hint`, problem && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="muted field-hint">
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-invalid': problem !== undefined,
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {problem && (
        <p id={`${id}-error`} className="field-error">
          {problem}
        </p>
      )}
    </div>
  );
}

function OfferingForm({
  seller,
  offering,
  currency,
  onDone,
}: {
  seller: Seller;
  offering: Offering | null;
  currency: string;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(offering, currency));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<string | null>(null);
  // A new offering saved whose invitations were refused: the retry changes it rather than making another.
  const [savedId, setSavedId] = useState<number | null>(offering?.id ?? null);
  const save = useSaveOffering(seller);
  const types = useMeetingTypes(seller === 'coach');
  const groups = useSellerGroups(seller, draft.audience === 'group');
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  /** A refusal beside the fields it names; the rest (or a failure naming none) above the buttons. */
  const showRefusal = (error: unknown) => {
    const byField = Object.entries(fieldErrorsOf<string>(error)).map(
      ([field, sentence]) => [DRAFT_KEY[field] ?? field, sentence ?? ''] as const,
    );
    setProblems(Object.fromEntries(byField));
    setRefused(byField.length > 0 ? null : errorMessage(error));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { input, problems: found } = inputOf(draft, currency);
    setProblems(found);
    setRefused(null);
    if (!input) return;
    save.mutate(
      { id: savedId, input, invited: draft.audience === 'invited' ? draft.invited : null },
      {
        onSuccess: ({ offering: saved, invitationsRefused }) => {
          setSavedId(saved.id);
          if (invitationsRefused === undefined) {
            notify.success(`${saved.title} saved.`);
            onDone();
          } else showRefusal(invitationsRefused);
        },
        onError: showRefusal,
      },
    );
  };
  const k = draft.kind;
  return (
    <form className="card offering-form" aria-labelledby="offering-form-title" onSubmit={submit} noValidate>
      <h2 id="offering-form-title">{offering ? `Edit ${offering.title}` : 'New offering'}</h2>
      <Field id="offering-kind" label="What it is">
        {(props) => (
          <select {...props} value={k} onChange={(e) => set('kind', e.target.value as OfferingKind)}>
            {KINDS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="offering-title" label="Title" problem={problems.title}>
        {(props) => (
          <input
            {...props}
            value={draft.title}
            maxLength={120}
            onChange={(e) => set('title', e.target.value)}
          />
        )}
      </Field>
      <Field id="offering-description" label="Description">
        {(props) => (
          <textarea
            {...props}
            value={draft.description}
            maxLength={2000}
            onChange={(e) => set('description', e.target.value)}
          />
        )}
      </Field>
      {seller === 'coach' && (
        <Field id="offering-type" label="Meeting type its credits book">
          {(props) => (
            <select
              {...props}
              value={draft.meetingTypeId}
              onChange={(e) => set('meetingTypeId', e.target.value)}
            >
              <option value="">Any of my types that needs a credit</option>
              {(types.data ?? [])
                .filter((t) => t.active)
                .map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
            </select>
          )}
        </Field>
      )}
      {k !== 'session' && (
        <Field
          id="offering-sessions"
          label={k === 'package' ? 'Sessions' : k === 'subscription' ? 'Sessions each period' : 'Sessions'}
          hint={k === 'package' ? undefined : 'Leave empty for none.'}
          problem={problems.sessions}
        >
          {(props) => (
            <input
              {...props}
              inputMode="numeric"
              value={draft.sessions}
              onChange={(e) => set('sessions', e.target.value)}
            />
          )}
        </Field>
      )}
      {(k === 'package' || k === 'plan') && (
        <Field
          id="offering-valid"
          label="Credits last (months)"
          hint={k === 'plan' ? 'Leave empty for no end.' : undefined}
          problem={problems.validMonths}
        >
          {(props) => (
            <input
              {...props}
              inputMode="numeric"
              value={draft.validMonths}
              onChange={(e) => set('validMonths', e.target.value)}
            />
          )}
        </Field>
      )}
      {k === 'subscription' && (
        <Field id="offering-interval" label="Billed">
          {(props) => (
            <select
              {...props}
              value={draft.interval}
              onChange={(e) => set('interval', e.target.value as Draft['interval'])}
            >
              <option value="month">Every month</option>
              <option value="quarter">Every quarter</option>
            </select>
          )}
        </Field>
      )}
      {k === 'plan' && (
        <Field id="offering-instalments" label="Monthly instalments" problem={problems.instalments}>
          {(props) => (
            <input
              {...props}
              inputMode="numeric"
              value={draft.instalments}
              onChange={(e) => set('instalments', e.target.value)}
            />
          )}
        </Field>
      )}
      <Field
        id="offering-price"
        label={`${k === 'subscription' ? 'Price each period' : k === 'plan' ? 'Total price' : 'Price'} (${currency.toUpperCase()}, tax included)`}
        problem={problems.price}
      >
        {(props) => (
          <input
            {...props}
            inputMode="decimal"
            value={draft.price}
            onChange={(e) => set('price', e.target.value)}
          />
        )}
      </Field>
      <Field id="offering-audience" label="Who may buy it">
        {(props) => (
          <select
            {...props}
            value={draft.audience}
            onChange={(e) => set('audience', e.target.value as Draft['audience'])}
          >
            <option value="clients">{seller === 'coach' ? 'All my clients' : 'Every client'}</option>
            <option value="group">A group</option>
            <option value="invited">Only clients I invite</option>
          </select>
        )}
      </Field>
      {draft.audience === 'group' && (
        <Field id="offering-group" label="Group" problem={problems.groupId}>
          {(props) => (
            <select {...props} value={draft.groupId} onChange={(e) => set('groupId', e.target.value)}>
              <option value="">{groups.isPending ? 'Loading groups…' : 'Choose a group'}</option>
              {(groups.data ?? []).map((g) => (
                <option key={g.id} value={g.id}>
                  {g.title}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {groups.isError && draft.audience === 'group' && (
        <p className="field-error" role="alert">
          The groups could not be loaded: {errorMessage(groups.error)}
        </p>
      )}
      {draft.audience === 'invited' && (
        <InviteePicker
          seller={seller}
          chosen={draft.invited}
          problem={problems.invited}
          onChange={(ids) => set('invited', ids)}
        />
      )}
      {refused && (
        <p className="field-error" role="alert">
          {refused}
        </p>
      )}
      <FormButtons submitLabel="Save" pending={save.isPending} onCancel={onDone} />
    </form>
  );
}

/** The API's field names, as the draft's keys the form shows their refusals by. */
const DRAFT_KEY: Record<string, string> = {
  valid_months: 'validMonths',
  group_id: 'groupId',
  client_ids: 'invited',
};

/**
 * The clients invited, as a list of checkboxes narrowed by a search (an admin's on the server: a tenant has more
 * clients than one page). Those chosen stay listed whatever the search, so a choice is never hidden.
 */
function InviteePicker({
  seller,
  chosen,
  problem,
  onChange,
}: {
  seller: Seller;
  chosen: number[];
  problem: string | undefined;
  onChange: (ids: number[]) => void;
}) {
  const [search, setSearch] = useState('');
  const wanted = search.trim().toLowerCase();
  const invitees = useInvitees(seller, seller === 'admin' ? wanted : '');
  const [known, setKnown] = useState<Map<number, string>>(new Map());
  const found = invitees.data ?? [];
  if (found.some((c) => known.get(c.id) !== c.name))
    setKnown(new Map([...known, ...found.map((c) => [c.id, c.name] as const)]));
  const shown: Invitee[] = [
    ...chosen.map((id) => ({ id, name: known.get(id) ?? `Client ${id}` })),
    ...found.filter((c) => !chosen.includes(c.id) && c.name.toLowerCase().includes(wanted)),
  ];
  const toggle = (id: number) =>
    onChange(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]);
  return (
    <fieldset
      className="field invitee-picker"
      {...(problem && { 'aria-describedby': 'offering-invited-error' })}
    >
      <legend>Invited clients</legend>
      <label htmlFor="offering-invitee-search">Find a client</label>
      <input
        id="offering-invitee-search"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {invitees.isError && (
        <p className="field-error" role="alert">
          The clients could not be loaded: {errorMessage(invitees.error)}
        </p>
      )}
      {invitees.isPending && <p className="muted">Loading clients…</p>}
      {!invitees.isPending && shown.length === 0 && <p className="muted">No client matches.</p>}
      <ul className="invitee-list">
        {shown.map((c) => (
          <li key={c.id}>
            <label>
              <input type="checkbox" checked={chosen.includes(c.id)} onChange={() => toggle(c.id)} /> {c.name}
            </label>
          </li>
        ))}
      </ul>
      <p className="muted" aria-live="polite">
        {chosen.length === 1 ? '1 client invited.' : `${chosen.length} clients invited.`}
      </p>
      {problem && (
        <p id="offering-invited-error" className="field-error">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

/** Who may buy an offering, as its row says: everyone, a group by name, or the invited by name. */
function audienceOf(o: Offering, seller: Seller, names: Map<number, string>): string {
  if (o.audience === 'group') return `Members of ${o.group?.title ?? 'a group'}`;
  if (o.audience === 'clients') return seller === 'coach' ? 'All my clients' : 'Every client';
  if (o.invited.length === 0) return 'Invited: nobody yet';
  const named = o.invited.flatMap((id) => names.get(id) ?? []);
  const unnamed = o.invited.length - named.length;
  return `Invited: ${[...named, ...(unnamed > 0 ? [`${unnamed} more`] : [])].join(', ')}`;
}

function OfferingRow({
  seller,
  offering,
  names,
  onEdit,
}: {
  seller: Seller;
  offering: Offering;
  names: Map<number, string>;
  onEdit: () => void;
}) {
  const archive = useArchiveOffering(seller);
  return (
    <tr>
      <th scope="row">{offering.title}</th>
      <td>{KINDS.find(([k]) => k === offering.kind)?.[1]}</td>
      <td className="amount">{formatMoney(offering.price, offering.currency, 'en-US')}</td>
      <td>{offering.coach?.name ?? 'Tenant-wide'}</td>
      <td>{audienceOf(offering, seller, names)}</td>
      <td>{offering.active ? 'On sale' : 'Archived'}</td>
      <td>
        <div className="button-row">
          <button
            type="button"
            className="btn btn-secondary"
            aria-label={`Edit ${offering.title}`}
            onClick={onEdit}
          >
            Edit
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={archive.isPending}
            aria-label={`${offering.active ? 'Archive' : 'Put back on sale'} ${offering.title}`}
            onClick={() => archive.mutate({ id: offering.id, archived: offering.active })}
          >
            {offering.active ? 'Archive' : 'Put back on sale'}
          </button>
        </div>
      </td>
    </tr>
  );
}

export default function OfferingsPage() {
  const seller: Seller = useLocation().pathname.startsWith('/admin') ? 'admin' : 'coach';
  const offerings = useOfferings(seller);
  const [editing, setEditing] = useState<Offering | 'new' | null>(null);
  const currency = offerings.data?.[0]?.currency ?? 'usd';
  // The invited are named from the seller's clients (an admin's first page of them; the rest are counted).
  const invitees = useInvitees(seller);
  const names = new Map((invitees.data ?? []).map((c) => [c.id, c.name]));
  return (
    <PageFrame title="Offerings" className="offerings-page">
      <p className="button-row">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setEditing('new')}
          disabled={editing !== null}
        >
          New offering
        </button>
      </p>
      {editing !== null && (
        <OfferingForm
          key={editing === 'new' ? 'new' : editing.id}
          seller={seller}
          offering={editing === 'new' ? null : editing}
          currency={currency}
          onDone={() => setEditing(null)}
        />
      )}
      <QueryState query={offerings} what="The offerings" empty="Nothing is on sale yet: add an offering.">
        {(list) => (
          <ScrollRegion className="card" label="Offerings table">
            <table className="offerings-table">
              <caption className="visually-hidden">Offerings</caption>
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Kind</th>
                  <th scope="col" className="amount">
                    Price
                  </th>
                  <th scope="col">Sold by</th>
                  <th scope="col">Who may buy</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((o) => (
                  <OfferingRow
                    key={o.id}
                    seller={seller}
                    offering={o}
                    names={names}
                    onEdit={() => setEditing(o)}
                  />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </QueryState>
    </PageFrame>
  );
}
