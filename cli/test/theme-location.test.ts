import { describe, expect, it } from 'vitest';
import { loadTenants } from '../src/lib/tenants/index.js';
import { minimalConfig, tempDir, writeTenant } from './helpers.js';

/** validate warns when the baked themeUrl cannot reach where publish puts the theme: the app would find no theme. */
describe('theme location check in validate', () => {
  it('warns when themeUrl and publish.theme cannot match, and --strict makes it an error', async () => {
    const dir = await tempDir();
    await writeTenant(
      dir,
      'far',
      minimalConfig({
        themeUrl: 'https://cdn.example.com/brand-themes',
        publish: { theme: 's3://bucket/themes' },
      }),
    );
    const [loose] = await loadTenants({ tenantsDir: dir });
    const warning = loose?.problems.find((p) => p.keyword === 'themeLocation');
    expect(warning?.severity).toBe('warning');
    expect(warning?.pointer).toBe('/publish/theme');
    expect(loose?.config).not.toBeNull();

    const [strict] = await loadTenants({ tenantsDir: dir, strict: true });
    expect(strict?.problems.find((p) => p.keyword === 'themeLocation')?.severity).toBe('error');
    expect(strict?.config).toBeNull();
  });

  it('is quiet for the default layout and for a matching custom one', async () => {
    const dir = await tempDir();
    await writeTenant(dir, 'plain', minimalConfig());
    await writeTenant(
      dir,
      'custom',
      minimalConfig({
        themeUrl: 'https://cdn.example.com/brand-themes',
        publish: { theme: 's3://bucket/brand-themes' },
      }),
    );
    const tenants = await loadTenants({ tenantsDir: dir });
    for (const tenant of tenants) {
      expect(
        tenant.problems.filter((p) => p.keyword === 'themeLocation'),
        tenant.slug,
      ).toEqual([]);
    }
  });
});
