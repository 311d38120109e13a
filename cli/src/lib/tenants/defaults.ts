/**
 * schemas/tenant-defaults.json: what a tenant gets for a field its tenant.json leaves out (the theme URL, where
 * the hashids salt comes from). The API and the app read the same file, so the three agree without a copy; the
 * training flags' defaults are schemas/flags.schema.json's, filled by schemas/training-flags.ts.
 */
import TENANT_DEFAULTS from '../../../../schemas/tenant-defaults.json' with { type: 'json' };

export { TENANT_DEFAULTS };
