import { useId, useState, type FormEvent } from 'react';
import { SelectField } from '@/components/field';
import { notify } from '@/lib/toast';
import type { Audience, Library, Resource } from '../api/get-library';
import { useShareResource } from '../api/share-resource';

const AUDIENCES: Record<Audience, string> = {
  client: 'One client',
  company: 'A company',
  group: 'A group',
  all: 'All my clients',
};

/** Shares one resource: whom (a kind of audience) and, but for all clients, which one. */
export function ShareForm({ resource, audiences }: { resource: Resource; audiences: Library['audiences'] }) {
  const share = useShareResource();
  const [audience, setAudience] = useState<Audience>('client');
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const options =
    audience === 'client'
      ? audiences.clients.map((c) => ({ id: c.id, name: `${c.first_name} ${c.last_name}` }))
      : audience === 'company'
        ? audiences.companies
        : audience === 'group'
          ? audiences.groups.map((g) => ({ id: g.id, name: g.title }))
          : [];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (audience !== 'all' && !target) return setError(`Choose ${AUDIENCES[audience].toLowerCase()}.`);
    setError(null);
    await share
      .mutateAsync({ id: resource.id, audience, target: audience === 'all' ? null : Number(target) })
      .then(
        () => notify.success(`"${resource.title}" is shared.`),
        () => undefined,
      );
  };

  return (
    <form className="share-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={titleId}>
      <h4 id={titleId}>Share “{resource.title}”</h4>
      <SelectField
        label="Share with"
        value={audience}
        onChange={(e) => {
          setAudience(e.target.value as Audience);
          setTarget('');
        }}
      >
        {(Object.keys(AUDIENCES) as Audience[]).map((a) => (
          <option key={a} value={a}>
            {AUDIENCES[a]}
          </option>
        ))}
      </SelectField>
      {audience !== 'all' && (
        <SelectField
          label={AUDIENCES[audience]}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          error={error}
        >
          <option value="">Choose</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectField>
      )}
      <div className="button-row">
        <button type="submit" className="btn" disabled={share.isPending}>
          Share
        </button>
      </div>
    </form>
  );
}
