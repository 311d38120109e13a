// Lint for the whole repository. Besides the usual rules it enforces the room boundaries of DESIGN.md:
// app/ imports neither api/ nor cli/, api/ neither app/ nor cli/, cli/ never imports app/src or api/src,
// and inside app/src a feature never imports another feature.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

// Flat config replaces a rule per file match, so every app rule below repeats the app-wide boundary.
const appBoundary = {
  group: ['**/api/src/**', '**/cli/src/**'],
  message: 'app/ must not import api/ or cli/.',
};

const boundary = (groups) => ({
  'no-restricted-imports': ['error', { patterns: groups }],
});

const features = [
  'schedule',
  'notes',
  'action-steps',
  'auth',
  'profile',
  'team',
  'help',
  'coach',
  'messages',
  'groups',
  'lessons',
  'resources',
  'metrics',
  'business-academy',
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
      ...boundary([appBoundary]),
    },
  },
  // A feature never imports another feature: routes in src/app compose them.
  ...features.map((name) => ({
    files: [`app/src/features/${name}/**/*.{ts,tsx}`],
    rules: boundary([
      appBoundary,
      {
        group: features
          .filter((other) => other !== name)
          .flatMap((other) => [`**/features/${other}/**`, `../${other}/**`, `../../${other}/**`]),
        message: 'A feature must not import another feature; compose them in src/app.',
      },
    ]),
  })),
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
);
