import leven from 'leven';

/** The words of a camelCase, snake_case or kebab-case key: "brandDomian" -> ["brand", "domian"]. */
const words = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean);

/**
 * "Did you mean ...?" for a misspelt key, enum value or tenant slug: the closest candidate, but only when it is
 * close enough to be a plausible typo (about a third of the word may differ), so a wild guess is never offered.
 * A compound key is also compared word by word, so "brandDomian" still finds "domain".
 */
export function didYouMean(input: string, candidates: Iterable<string>): string | null {
  const tries = [input, ...words(input)].map((word) => word.toLowerCase());
  let best: string | null = null;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    const target = candidate.toLowerCase();
    for (const word of tries) {
      const distance = leven(word, target);
      const allowed = Math.max(1, Math.ceil(Math.max(word.length, target.length) / 3));
      // Score relative to what is allowed, so short and long words compete fairly; the whole input wins ties.
      const score = distance / allowed + (word === tries[0] ? 0 : 0.01);
      if (distance <= allowed && score < bestScore) {
        best = candidate;
        bestScore = score;
      }
    }
  }
  return best;
}
