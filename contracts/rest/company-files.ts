// A company's files (SPEC §3 "Company file"): one sending, a description and its files, from the client or from
// the coach, as the client's and the coach's calls answer it; and the app's types of it.
import type { FromSchema } from 'json-schema-to-ts';
import { dateTime, list } from './client.js';
import { boolean, closed, integer, string } from './pieces.js';

/** One file of a sending; its type is the one the API read from the file's bytes. */
export const storedFile = closed({
  id: integer,
  name: string,
  size: integer,
  type: string,
  created_at: dateTime,
});

export const companyFile = closed({
  id: integer,
  // Null: a file for one client alone who has no company.
  company_id: { type: ['integer', 'null'] },
  description: string,
  files: list(storedFile),
  sender: closed({ id: integer, first_name: string, last_name: string }),
  from_coach: boolean,
  // For the whole company, or (a coach's) for the client alone: their colleagues never see it.
  to: { type: 'string', enum: ['client', 'company'] },
  // Only the sender may rename, describe or delete it.
  editable: boolean,
  created_at: dateTime,
  updated_at: dateTime,
});

export type StoredFile = FromSchema<typeof storedFile>;
export type CompanyFile = FromSchema<typeof companyFile>;
