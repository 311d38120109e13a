import type { ReactNode } from 'react';
import { SelectField } from '@/components/field';
import { useCoaches } from '../api/get-people';
import { ROLE_LABELS, fullName } from './person-labels';

/** The three roles as a select's options. */
export const RoleOptions = () =>
  (['client', 'coach', 'admin'] as const).map((role) => (
    <option key={role} value={role}>
      {ROLE_LABELS[role]}
    </option>
  ));

/** The tenant's active coaches to pick from (by user id), less `except`; `children` are the options before them. */
export function CoachSelect({
  value,
  error,
  except,
  onChange,
  children,
}: {
  value: string;
  error: string | undefined;
  except?: number | undefined;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const coaches = useCoaches();
  return (
    <SelectField
      label="Coach"
      value={value}
      disabled={coaches.isPending}
      error={error ?? (coaches.isError ? 'The coaches could not be loaded.' : undefined)}
      onChange={(e) => onChange(e.target.value)}
    >
      {children}
      {coaches.data?.data
        .filter((coach) => coach.id !== except)
        .map((coach) => (
          <option key={coach.id} value={coach.id}>
            {fullName(coach)}
          </option>
        ))}
    </SelectField>
  );
}
