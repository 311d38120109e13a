import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import tenantSchema from '../../../schemas/tenant.schema.json';
import defaults from '../../../schemas/theme-defaults.json';
import themeSchema from '../../../schemas/theme.schema.json';
import { COLOR_KEYS, DEFAULT_COLORS, cssVar } from './theme';

// The colour keys are a contract between schemas/ (what a tenant may set, what a theme file holds, the
// defaults) and the app (what it reads and applies): a key one side has and the other lacks is silently lost.
const sorted = (keys: Iterable<string>) => [...keys].sort();

describe('colour keys', () => {
  it("the app's list, theme-defaults.json and both schemas' colours are the same set", () => {
    const app = sorted(COLOR_KEYS);
    expect(
      sorted([...Object.keys(defaults.colors), ...Object.keys(defaults.sameAs)]),
      'theme-defaults.json',
    ).toEqual(app);
    expect(sorted(Object.keys(themeSchema.$defs.colors.properties)), 'theme.schema.json').toEqual(app);
    expect(sorted(themeSchema.$defs.colors.required), 'theme.schema.json, required').toEqual(app);
    expect(sorted(Object.keys(tenantSchema.$defs.colors.properties)), 'tenant.schema.json').toEqual(app);
  });

  it("each schema defines the colours once: the theme's and every brand's colours are that $def", () => {
    const ref = { $ref: '#/$defs/colors' };
    expect(themeSchema.properties.colors).toEqual(ref);
    expect(themeSchema.properties.brands.additionalProperties.properties.colors).toEqual(ref);
    expect(tenantSchema.properties.theme.properties.colors).toEqual(ref);
    expect(tenantSchema.properties.brands.additionalProperties.properties.colors).toEqual(ref);
  });

  it('base.css gives every colour its default, for the screens before the theme arrives', () => {
    const baseCss = readFileSync(path.join(import.meta.dirname, '../styles/base.css'), 'utf8');
    const root = /:root\s*\{([^}]*)\}/.exec(baseCss)?.[1] ?? '';
    const fallbacks = Object.fromEntries(
      [...root.matchAll(/(--color-[a-z-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value!.trim()]),
    );
    expect(fallbacks).toEqual(
      Object.fromEntries(COLOR_KEYS.map((key) => [cssVar(key), DEFAULT_COLORS[key]])),
    );
  });
});
