/**
 * contracts/tenant-defaults.json: what a tenant gets for a field its tenant.json leaves out (the theme URL, where
 * the hashids salt comes from). The API and the app read the same file, so the three agree without a copy; the
 * training flags' defaults are contracts/flags.schema.json's, filled by contracts/training-flags.ts.
 */
import TENANT_DEFAULTS from '../../../../contracts/tenant-defaults.json' with { type: 'json' };

export { TENANT_DEFAULTS };
