import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import tenantSchema from '../../../contracts/tenant.schema.json';
import themeSchema from '../../../contracts/theme.schema.json';
import { COLOR_KEYS, DEFAULT_COLORS, cssVar } from './theme';

// A colour key is defined once, in theme.schema.json's $defs/colors (its rule and its default); tenant.json's
// colours refer to it and the app and the CLI read their lists and defaults from it. What cannot be derived is the
// CSS: a key the schema has and the styles lack is set by tenants and silently lost.
const sorted = (keys: Iterable<string>) => [...keys].sort();
const rules: Record<string, { default?: string; 'x-sameAs'?: string }> = themeSchema.$defs.colors.properties;
const appSrc = path.join(import.meta.dirname, '..');

describe('colour keys', () => {
  it("the app's list is theme.schema.json's colours, and a published theme has every one", () => {
    const app = sorted(COLOR_KEYS);
    expect(sorted(Object.keys(rules)), 'theme.schema.json, $defs/colors').toEqual(app);
    expect(
      sorted(themeSchema.$defs.filledColors.required),
      'theme.schema.json, $defs/filledColors.required',
    ).toEqual(app);
  });

  it('each key has a colour as its default, or follows (x-sameAs) a key that has one', () => {
    for (const [key, rule] of Object.entries(rules)) {
      const follows = rule['x-sameAs'];
      if (follows === undefined)
        expect(rule.default, `${key}: its default`).toMatch(/^#([0-9a-f]{3}){1,2}$/i);
      else {
        expect(rule.default, `${key}: a default as well as x-sameAs`).toBeUndefined();
        expect(rules[follows]?.default, `${key}: x-sameAs "${follows}", a key with a default`).toBeDefined();
      }
    }
  });

  it("the colours are defined once: the theme's, every brand's and tenant.json's are that $def", () => {
    const filled = { $ref: '#/$defs/filledColors' };
    expect(themeSchema.properties.colors).toEqual(filled);
    expect(themeSchema.properties.brands.additionalProperties.properties.colors).toEqual(filled);
    const shared = { $ref: 'theme.schema.json#/$defs/colors' };
    expect(tenantSchema.properties.theme.properties.colors).toEqual(shared);
    expect(tenantSchema.properties.brands.additionalProperties.properties.colors).toEqual(shared);
    // tenant.schema.json's own $defs (the footer's fields) define no colour.
    expect(JSON.stringify(tenantSchema.$defs)).not.toMatch(/colou?r/i);
  });

  it('base.css gives every colour its default, for the screens before the theme arrives', () => {
    const baseCss = readFileSync(path.join(appSrc, 'styles/base.css'), 'utf8');
    const root = /:root\s*\{([^}]*)\}/.exec(baseCss)?.[1] ?? '';
    const fallbacks = Object.fromEntries(
      [...root.matchAll(/(--color-[a-z-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value!.trim()]),
    );
    expect(fallbacks, 'the --color-* fallbacks in :root of app/src/styles/base.css').toEqual(
      Object.fromEntries(COLOR_KEYS.map((key) => [cssVar(key), DEFAULT_COLORS[key]])),
    );
  });

  it("every colour is used by the app's styles", () => {
    const used = new Set<string>();
    for (const file of readdirSync(appSrc, { recursive: true, encoding: 'utf8' })) {
      if (!/\.(css|tsx?)$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const text = readFileSync(path.join(appSrc, file), 'utf8');
      for (const [, name] of text.matchAll(/var\((--color-[a-z-]+)/g)) used.add(name!);
    }
    const unused = COLOR_KEYS.filter((key) => !used.has(cssVar(key)));
    expect(unused, 'colour keys no var(--color-*) in app/src uses').toEqual([]);
  });
});
