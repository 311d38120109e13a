/**
 * The one time-zone rule of every door (the admin's form, the CSV import, the integration API, the person's
 * profile) and the one list the app offers. Runtimes (ICU) still know some zones by the names IANA retired
 * (`Asia/Calcutta`, `Europe/Kiev`): a name is accepted as either, and stored and listed as IANA's canonical one.
 */

/**
 * The zones ICU lists under a name IANA has since renamed, with the new name (the renames of the tz `backward`
 * file only: zones IANA merged into another country's zone, such as Europe/Bratislava, keep their own name).
 */
const RENAMED: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/**
 * The canonical IANA name of a zone given by any of its names (any letter case, a link such as `US/Eastern`),
 * or undefined when the runtime knows no such zone.
 */
export function canonicalZone(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return undefined;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  return RENAMED[resolved] ?? resolved;
}

/** Every zone the runtime lists, by its canonical name, sorted: what a time-zone picker offers. */
export function zoneNames(): string[] {
  let listed: string[];
  try {
    listed = Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
  return [...new Set(listed.map((zone) => RENAMED[zone] ?? zone))].sort();
}
