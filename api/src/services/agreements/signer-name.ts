// Whether a typed signature is the signer's name. The rule: the name typed must be the
// client's name on record, first and last, read loosely: case, accents, spacing, hyphens and apostrophes do not
// count ("zoe  lukasz" signs for "Zoë Łukasz"), so a person on a phone keyboard is not refused over a diacritic,
// while a signature reading "x" or someone else's name is. A person whose record has no name yet signs with any
// non-empty name (what they typed is kept and printed either way).

/** Lower case, without accents, without the marks a keyboard may or may not add, single spaces. */
function loose(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      // Letters NFKD does not split into a base and a mark.
      .replace(/[łŁ]/g, 'l')
      .replace(/[øØ]/g, 'o')
      .replace(/[đĐ]/g, 'd')
      .replace(/ß/g, 'ss')
      .replace(/[æÆ]/g, 'ae')
      .replace(/[‐-―'’`.-]/g, ' ')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim()
  );
}

export function isSignersName(typed: string, first: string, last: string): boolean {
  const wanted = loose(`${first} ${last}`);
  const given = loose(typed);
  if (given === '') return false;
  return wanted === '' || given === wanted;
}
