/**
 * A slug: a tenant folder name or a brand key. It becomes a URL path segment, a storage prefix and a dist/
 * folder, so it is kept to characters that need no escaping anywhere.
 */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

export const SLUG_RULE = 'must be lowercase letters, digits and "-" (at most 40, not starting with "-")';
