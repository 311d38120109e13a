import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The one-way layers of app/src (app/README.md) and the ban on import cycles are kept by `npm run lint`, not by
// habit: these run the repository's own ESLint config on code placed at a feature's, a library's or a shared
// component's path, or in place of a real file's code (a cycle needs a file on disk that imports it back).
const root = fileURLToPath(new URL('../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages;
}

const layerErrors = async (file: string, code: string) =>
  (await lint(file, code)).filter((m) => m.ruleId === 'local/app-layers').map((m) => m.message);

describe('app layers', () => {
  it.each([
    ['app/ through the alias', "import '@/app/routes';\n"],
    ['app/ by a relative path', "import '../../../app/routes';\n"],
    ['boot/', "import '@/boot/theme';\n"],
    ['another feature through the alias', "import '@/features/team/components/team-section';\n"],
    ['another feature by a relative path', "import '../../team/api/get-deadline';\n"],
  ])('a feature importing %s fails', async (_, code) => {
    expect(await layerErrors('app/src/features/notes/components/layer-probe.tsx', code)).toEqual([
      expect.stringMatching(/A feature imports only lib\/, components\/, config\//),
    ]);
  });

  it.each([
    ['lib/', 'app/src/lib/layer-probe.ts', "import '@/features/notes/api/get-notes';\n"],
    ['components/', 'app/src/components/layer-probe.tsx', "import '../features/notes/api/get-notes';\n"],
    ['lib/', 'app/src/lib/layer-probe.ts', "import '@/app/routes';\n"],
    ['lib/', 'app/src/lib/layer-probe.ts', "import type { PortalConfig } from '@/boot/config';\n"],
    ['lib/', 'app/src/lib/layer-probe.ts', "import '../boot/theme';\n"],
    ['components/', 'app/src/components/layer-probe.tsx', "import '@/boot/version-check';\n"],
  ])('%s importing a feature, app/ or boot/ fails', async (_, file, code) => {
    expect(await layerErrors(file, code)).toEqual([
      expect.stringMatching(/sit below boot\/, the features and src\/app/),
    ]);
  });

  it.each([
    ['through the alias', "import '@/components/undo-delete';\n"],
    ['by a relative path', "import '../components/field';\n"],
  ])('lib/ importing components/ %s fails', async (_, code) => {
    expect(await layerErrors('app/src/lib/layer-probe.ts', code)).toEqual([
      expect.stringMatching(/lib\/ sits below components\//),
    ]);
  });

  it('components/ may import lib/', async () => {
    expect(await lint('app/src/components/layer-probe.tsx', "import '@/lib/autosave';\n")).toEqual([]);
  });

  it('a feature may import lib/, components/, config/ and its own files', async () => {
    const code = [
      "import '@/lib/api-client';",
      "import '@/components/field';",
      "import '@/config/paths';",
      "import '../api/get-notes';",
      "import './note-card';",
      '',
    ].join('\n');
    expect(await lint('app/src/features/notes/components/layer-probe.tsx', code)).toEqual([]);
  });
});

const cycleErrors = async (file: string, code: string) =>
  (await lint(file, code)).filter((m) => m.ruleId === 'cycles/no-cycle').map((m) => m.message);

describe('import cycles', () => {
  it.each([
    // lib/user.ts imports ./portal-config, so portal-config importing user closes a loop.
    [
      'a value import in app/src',
      'app/src/lib/portal-config.ts',
      "import { hasFlag } from './user';\nhasFlag;\n",
    ],
    [
      'a type-only import in app/src',
      'app/src/lib/portal-config.ts',
      "import type { User } from '@/lib/user';\n",
    ],
    ['a longer loop through the alias', 'app/src/lib/portal-config.ts', "import '@/lib/session';\n"],
    [
      'a type-only import in api/src',
      'api/src/services/storage/storage-port.ts',
      "import type { createStorage } from './storage.js';\nexport type S = typeof createStorage;\n",
    ],
  ])('%s that leads back to the file fails', async (_, file, code) => {
    expect(await cycleErrors(file, code)).toEqual([expect.stringMatching(/^Import cycle: /)]);
  });

  it('an import that does not lead back passes', async () => {
    expect(await cycleErrors('app/src/lib/portal-config.ts', "import '@/lib/cipher';\n")).toEqual([]);
  });
});

const castErrors = async (file: string, code: string) =>
  (await lint(file, code)).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);

describe('casts in app/src', () => {
  const cast = 'export const page = { getElementById: () => null } as unknown as Document;\n';

  it.each([
    ['lib/', 'app/src/lib/cast-probe.ts'],
    ['a feature', 'app/src/features/notes/components/cast-probe.tsx'],
    ['boot/', 'app/src/boot/cast-probe.ts'],
  ])('`as unknown as` in %s fails', async (_, file) => {
    expect(await castErrors(file, cast)).toEqual([expect.stringMatching(/^`as unknown as` silences/)]);
  });

  it.each([
    ['a test file', 'app/src/boot/cast-probe.test.ts'],
    ['the test helpers', 'app/src/testing/cast-probe.ts'],
  ])('%s may stand a fake in with `as unknown as`, as api/ and cli/ tests may', async (_, file) => {
    expect(await castErrors(file, cast)).toEqual([]);
  });

  it('a non-null `!` in shipped code fails, in a test it may stand', async () => {
    const code = 'export const first = (list: string[]) => list[0]!;\n';
    const rule = '@typescript-eslint/no-non-null-assertion';
    const ruled = async (file: string) => (await lint(file, code)).filter((m) => m.ruleId === rule);
    expect(await ruled('app/src/lib/cast-probe.ts')).toHaveLength(1);
    expect(await ruled('app/src/lib/cast-probe.test.ts')).toEqual([]);
  });

  it('a single `as` is left to review', async () => {
    expect(await castErrors('app/src/lib/cast-probe.ts', 'export const n = 1 as number;\n')).toEqual([]);
  });
});
