import { useState, type FormEvent, type ReactNode } from 'react';
import { Field, SelectField } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { TimeZoneSelect } from '@/components/time-zone-select';
import { usePortal } from '@/lib/portal-context';
import { useFieldErrors } from '@/lib/use-field-errors';
import { checkEmail } from '../../../../../contracts/email-address';
import { FLAG_NAMES, flagTitle } from '../../../../../contracts/training-flags';
import { useCompanies } from '../api/get-companies';
import type { Person, PersonRole } from '../api/get-people';
import type { PERSON_FIELDS, PersonInput } from '../api/save-person';
import { CoachSelect, RoleOptions } from './choices';
import { ROLE_IDS } from './person-labels';

type Fields = (typeof PERSON_FIELDS)[number];

/** A flag's choice as the select holds it: 'default', 'on' or 'off'. */
const flagChoice = (value: boolean | null | undefined) => (value == null ? 'default' : value ? 'on' : 'off');

/**
 * A person's fields (a new person, or `person` to change): name, email, role, company, the coach (clients
 * only), time zone and each training flag on, off or the tenant's default. The API checks all of it again.
 */
export function PersonForm({
  person,
  submitLabel,
  pending,
  onSave,
  onCancel,
  children,
}: {
  person?: Person;
  submitLabel: string;
  pending: boolean;
  onSave: (input: PersonInput, form: HTMLFormElement) => Promise<unknown>;
  onCancel?: () => void;
  children?: ReactNode;
}) {
  const { config } = usePortal();
  const companies = useCompanies();
  const [firstName, setFirstName] = useState(person?.first_name ?? '');
  const [lastName, setLastName] = useState(person?.last_name ?? '');
  const [email, setEmail] = useState(person?.email ?? '');
  const [role, setRole] = useState<PersonRole>(person?.role ?? 'client');
  const [company, setCompany] = useState(String(person?.company_id ?? ''));
  const [coach, setCoach] = useState(String(person?.coach_id ?? ''));
  const [zone, setZone] = useState(person?.time_zone ?? '');
  const [flags, setFlags] = useState<Record<string, string>>(
    Object.fromEntries(FLAG_NAMES.map((flag) => [flag, flagChoice(person?.flags[flag])])),
  );
  const { errors, show, fromError } = useFieldErrors<Fields>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = checkEmail(email);
    const found = {
      ...(!firstName.trim() && { first_name: 'Enter the first name.' }),
      ...(!lastName.trim() && { last_name: 'Enter the last name.' }),
      ...(!checked.ok && { email: checked.message }),
    };
    if (show(found, form)) return;
    await onSave(
      {
        first_name: firstName.trim(),
        last_name: lastName.trim(),
        email: email.trim(),
        role_id: ROLE_IDS[role],
        company_id: company ? Number(company) : null,
        time_zone: zone || null,
        coach_id: role === 'client' && coach ? Number(coach) : null,
        flags: Object.fromEntries(
          FLAG_NAMES.map((flag) => [flag, flags[flag] === 'default' ? null : flags[flag] === 'on']),
        ),
      },
      form,
    ).catch((error: unknown) => fromError(error, form));
  };

  return (
    <form className="card admin-form" onSubmit={submit} noValidate aria-busy={pending}>
      <div className="admin-form-grid">
        <Field
          label="First name"
          autoComplete="off"
          maxLength={100}
          required
          value={firstName}
          error={errors.first_name}
          onChange={(e) => setFirstName(e.target.value)}
        />
        <Field
          label="Last name"
          autoComplete="off"
          maxLength={100}
          required
          value={lastName}
          error={errors.last_name}
          onChange={(e) => setLastName(e.target.value)}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="off"
          maxLength={254}
          required
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SelectField
          label="Role"
          value={role}
          error={errors.role_id}
          onChange={(e) => setRole(e.target.value as PersonRole)}
        >
          <RoleOptions />
        </SelectField>
        <SelectField
          label="Company"
          value={company}
          disabled={companies.isPending}
          error={errors.company_id ?? (companies.isError ? 'The companies could not be loaded.' : undefined)}
          onChange={(e) => setCompany(e.target.value)}
        >
          <option value="">No company</option>
          {companies.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        {role === 'client' && (
          <CoachSelect value={coach} error={errors.coach_id} except={person?.id} onChange={setCoach}>
            <option value="">No coach</option>
          </CoachSelect>
        )}
        <TimeZoneSelect
          name="time_zone"
          value={zone}
          error={errors.time_zone}
          onChange={(e) => setZone(e.target.value)}
        />
      </div>
      <fieldset className="admin-flags" aria-describedby={errors.flags ? 'flags-error' : undefined}>
        <legend>Training flags</legend>
        <div className="admin-form-grid">
          {FLAG_NAMES.map((flag) => (
            <SelectField
              key={flag}
              label={flagTitle(flag)}
              value={flags[flag]}
              onChange={(e) => setFlags((all) => ({ ...all, [flag]: e.target.value }))}
            >
              <option value="default">Tenant default ({config.defaultFlags[flag] ? 'on' : 'off'})</option>
              <option value="on">On</option>
              <option value="off">Off</option>
            </SelectField>
          ))}
        </div>
        {errors.flags && (
          <p id="flags-error" className="field-error">
            {errors.flags}
          </p>
        )}
      </fieldset>
      {children}
      <FormButtons submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
