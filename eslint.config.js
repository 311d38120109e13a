// Lint for the whole repository. Besides the usual rules it enforces the room boundaries of DESIGN.md:
// app/ imports neither api/ nor cli/, api/ neither app/ nor cli/, cli/ never imports app/src or api/src, contracts/
// none of the three, the one-way layers inside app/src (app/README.md), no `as unknown as` and no non-null `!` in
// app/src's shipped code, and no import cycle in app/src, api/src or cli/src.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { appLayers } from './eslint-rules/app-layers.js';
import { noCycle } from './eslint-rules/no-cycle.js';

const root = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');

const boundary = (groups) => ({
  'no-restricted-imports': ['error', { patterns: groups }],
});

// Read from the folder, so a new feature is fenced in the day it is created.
const features = readdirSync(new URL('app/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Layers are checked on resolved files, so '@/app/x', '../../../app/x' and any other spelling meet one rule.
const FEATURE_RULE =
  'A feature imports only lib/, components/, config/ and its own files; routes in src/app compose features.';
const layerZones = [
  ...features.map((name) => ({
    target: [`app/src/features/${name}`],
    from: [
      'app/src/app',
      'app/src/boot',
      ...features.filter((other) => other !== name).map((other) => `app/src/features/${other}`),
    ],
    message: FEATURE_RULE,
  })),
  {
    target: ['app/src/lib', 'app/src/components', 'app/src/config'],
    from: ['app/src/features', 'app/src/app', 'app/src/boot'],
    message:
      'lib/ and components/ (and config/) sit below boot/, the features and src/app: they import none of them (what boot hands on is typed in lib/portal-config.ts).',
  },
  {
    target: ['app/src/lib'],
    from: ['app/src/components'],
    message:
      'lib/ sits below components/: a hook or helper that needs a shared component lives in components/ itself.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      '**/.portal',
      '**/.data',
      '**/coverage',
      '**/test-results',
      '**/.lighthouse',
      '**/.stryker-tmp',
      'reports',
      '**/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      ...boundary([
        { group: ['**/api/src/**', '**/cli/src/**'], message: 'app/ must not import api/ or cli/.' },
      ]),
    },
  },
  {
    files: ['app/src/**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'app-layers': appLayers } } },
    rules: {
      'local/app-layers': ['error', { root, alias: { '@/': 'app/src' }, zones: layerZones }],
    },
  },
  {
    // As api/test/route-table.test.ts and cli/test/structure.test.ts hold api/src, cli/src and scripts: the
    // shipped code says its types, a test (and src/testing's helpers) may stand a fake in for a real object.
    files: ['app/src/**/*.{ts,tsx}'],
    ignores: ['app/src/**/*.test.{ts,tsx}', 'app/src/testing/**'],
    rules: {
      // A non-null `!` is a cast too: a guard, a narrower type or a lookup that cannot miss says it instead.
      '@typescript-eslint/no-non-null-assertion': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "TSAsExpression[expression.type='TSAsExpression'][expression.typeAnnotation.type='TSUnknownKeyword']",
          message:
            '`as unknown as` silences the type checker: give the value a type that says what it is (a narrower parameter, a guard).',
        },
      ],
    },
  },
  {
    files: ['app/src/**/*.{ts,tsx}', 'api/src/**/*.ts', 'cli/src/**/*.ts'],
    plugins: { cycles: { rules: { 'no-cycle': noCycle } } },
    rules: { 'cycles/no-cycle': ['error', { root, alias: { '@/': 'app/src' } }] },
  },
  {
    files: ['api/**/*.ts'],
    rules: boundary([
      { group: ['**/app/src/**', '**/cli/src/**'], message: 'api/ must not import app/ or cli/.' },
    ]),
  },
  {
    files: ['cli/**/*.ts'],
    rules: boundary([
      {
        group: ['**/app/src/**', '**/api/src/**'],
        message: 'cli/ drives Vite on app/ by path; it never imports app/src or api/src.',
      },
    ]),
  },
  {
    files: ['contracts/**/*.ts'],
    rules: boundary([
      {
        group: ['**/app/src/**', '**/api/src/**', '**/cli/src/**', '@/*'],
        message: 'contracts/ is what the rooms share: it imports none of them.',
      },
    ]),
  },
);
