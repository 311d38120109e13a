// A company's files (SPEC §3 "Company file"): one sending, a description and its files, from the client or from
// the coach, as the client's and the coach's calls answer it; and the app's types of it.
import type { FromSchema } from 'json-schema-to-ts';
import { dateTime, id, list } from './client.js';
import { boolean, closed, integer, line, multiLine, string } from './pieces.js';

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

/** A sending's description, at most this long. */
export const DESCRIPTION_MAX = 1000;
/** At most this many files one message or one sending carries (and 25 MB together). */
export const ATTACHMENTS_MAX_COUNT = 10;

/** A sending's new description and new names of its files (the API keeps each file's extension). */
export const fileChanges = closed(
  {
    company_id: id,
    id,
    description: { type: 'string', maxLength: DESCRIPTION_MAX, ...multiLine },
    files: {
      type: 'array',
      maxItems: ATTACHMENTS_MAX_COUNT,
      items: closed({ id, name: line(200, { minLength: 1 }) }),
    },
  },
  ['company_id', 'id'],
);

export type StoredFile = FromSchema<typeof storedFile>;
export type FileChanges = FromSchema<typeof fileChanges>;
export type CompanyFile = FromSchema<typeof companyFile>;
