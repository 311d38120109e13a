/**
 * What a file is, for people: its kind (the type filter), whether the browser can preview it, and the orders
 * the list can be sorted in. The type is the API's, read from the file's bytes, never from its name.
 */
import type { CompanyFile, StoredFile } from '../api/get-company-files';

export const KINDS = {
  image: 'Images',
  pdf: 'PDFs',
  document: 'Documents',
  spreadsheet: 'Spreadsheets',
  presentation: 'Presentations',
  text: 'Text files',
} as const;

export type Kind = keyof typeof KINDS;

export function kindOf(file: StoredFile): Kind {
  const type = file.type.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf') return 'pdf';
  if (type.includes('spreadsheetml')) return 'spreadsheet';
  if (type.includes('presentationml')) return 'presentation';
  if (type.includes('wordprocessingml')) return 'document';
  return 'text';
}

const kindLabels: Record<Kind, string> = {
  image: 'Image',
  pdf: 'PDF',
  document: 'Word document',
  spreadsheet: 'Spreadsheet',
  presentation: 'Presentation',
  text: 'Text',
};

export const kindLabel = (file: StoredFile): string => kindLabels[kindOf(file)];

/** Images and PDFs open in the page; everything else is downloaded. */
export const canPreview = (file: StoredFile): boolean => ['image', 'pdf'].includes(kindOf(file));

export const SORTS = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name (A to Z)',
  size: 'Largest first',
} as const;

export type Sort = keyof typeof SORTS;

const nameOf = (entry: CompanyFile) => entry.files[0]?.name ?? entry.description;
const sizeOf = (entry: CompanyFile) => entry.files.reduce((sum, file) => sum + file.size, 0);
const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

const compare: Record<Sort, (a: CompanyFile, b: CompanyFile) => number> = {
  newest: (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id,
  oldest: (a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id,
  name: (a, b) => byName.compare(nameOf(a), nameOf(b)),
  size: (a, b) => sizeOf(b) - sizeOf(a),
};

/**
 * The entries to show: with a kind, only the files of that kind (entries with none left out); sorted. Files
 * within an entry are sorted by name for the name sort, else kept in their order.
 */
export function arrange(entries: CompanyFile[], kind: Kind | 'all', sort: Sort): CompanyFile[] {
  const kept =
    kind === 'all'
      ? entries
      : entries
          .map((entry) => ({ ...entry, files: entry.files.filter((file) => kindOf(file) === kind) }))
          .filter((entry) => entry.files.length > 0);
  const files = (entry: CompanyFile) =>
    sort === 'name'
      ? { ...entry, files: [...entry.files].sort((a, b) => byName.compare(a.name, b.name)) }
      : entry;
  return kept.map(files).sort(compare[sort]);
}
