// A search term as an ILIKE pattern that finds it anywhere: the user's % and _ match themselves, not wildcards.
export const containing = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
