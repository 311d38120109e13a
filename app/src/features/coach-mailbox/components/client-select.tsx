/** A choice of one of the coach's clients (name and company), or none ("all" in a filter, "choose" in a form). */
import { useId } from 'react';
import { fullName } from '@/lib/user';
import type { ClientChoice } from '../api/get-clients';

export function ClientSelect({
  label,
  allLabel,
  clients,
  value,
  required = false,
  onChange,
}: {
  label: string;
  /** What no client reads. */
  allLabel: string;
  clients: ClientChoice[];
  value: number | null;
  required?: boolean;
  onChange: (id: number | null) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        required={required}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{allLabel}</option>
        {clients.map((client) => (
          <option key={client.id} value={client.id}>
            {fullName(client)}
            {client.company ? ` (${client.company.name})` : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
