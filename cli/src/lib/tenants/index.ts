/**
 * The tenant loader: the one way commands read tenants/<slug>/tenant.json. Parses with positions, validates
 * against contracts/tenant.schema.json and the checks a schema cannot express (assets, uniqueness, contrast),
 * and reports every problem at once.
 */
export { isValid, loadTenants } from './load.js';
export { SLUG_PATTERN } from './slug.js';
export { formatReport, formatSummary, relativePath } from './report.js';
export { contrastRatio, CONTRAST_PAIRS, MIN_CONTRAST, nearestPassing } from './contrast.js';
export { resolveColors, defaultColors, COLOR_KEYS } from './colors.js';
export { checkField } from './schema.js';
export type * from './types.js';
