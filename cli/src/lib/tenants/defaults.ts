/**
 * schemas/tenant-defaults.json: what a tenant gets for a field its tenant.json leaves out (the theme URL, the
 * training flags, where the hashids salt comes from). The API and the app read the same file, so the three
 * agree without a copy; the training flags' type is derived from it, so a new flag is one edit there.
 */
import TENANT_DEFAULTS from '../../../../schemas/tenant-defaults.json' with { type: 'json' };

export { TENANT_DEFAULTS };

export type TrainingFlags = typeof TENANT_DEFAULTS.defaultFlags;
