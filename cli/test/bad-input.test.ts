import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../src/lib/errors.js';
import { loadTenants } from '../src/lib/tenants/index.js';
import { minimalConfig, tempDir, writeTenant } from './helpers.js';

/** Bad input generated on the fly: sizes, depths and file-system tricks that do not belong in fixtures. */

async function problemsFor(config: unknown, files: Record<string, string | Buffer> = {}, slug = 'subject') {
  const dir = await tempDir();
  await writeTenant(dir, slug, config, files);
  const [tenant] = await loadTenants({ tenantsDir: dir });
  if (!tenant) throw new Error('tenant not loaded');
  return tenant;
}

describe('file-level limits', () => {
  it('accepts a UTF-8 byte-order mark', async () => {
    const tenant = await problemsFor(`\uFEFF${JSON.stringify(minimalConfig({ name: 'With BOM' }))}`);
    expect(tenant.problems).toEqual([]);
    expect(tenant.config?.name).toBe('With BOM');
  });

  it('rejects a file over 1 MB without parsing it', async () => {
    const padding = ' '.repeat(1024 * 1024);
    const tenant = await problemsFor(`${JSON.stringify(minimalConfig())}${padding}`);
    expect(tenant.config).toBeNull();
    expect(tenant.problems).toMatchObject([
      { pointer: '', keyword: 'maxSize', message: expect.stringMatching(/at most 1 MB/) },
    ]);
  });

  it('rejects 10,000-deep nesting without overflowing the stack', async () => {
    const deep = `{"id": 1, "name": "x", "domain": "x.example", "apiUrl": "/", "brands": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const tenant = await problemsFor(deep);
    expect(tenant.problems).toMatchObject([
      { keyword: 'maxDepth', pointer: `/brands${'/0'.repeat(63)}`, line: 1, column: deep.indexOf('[') + 64 },
    ]);
  });

  it('does not count brackets inside strings as nesting', async () => {
    const tenant = await problemsFor(minimalConfig({ name: '['.repeat(70) }));
    expect(tenant.problems).toEqual([]);
  });

  it('rejects bytes that are not UTF-8', async () => {
    const tenant = await problemsFor(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString('latin1'));
    expect(tenant.problems[0]?.keyword).toMatch(/encoding|syntax/);
    const raw = await tempDir();
    await mkdir(path.join(raw, 'bytes'));
    await writeFile(path.join(raw, 'bytes', 'tenant.json'), Buffer.from([0x7b, 0xff, 0x7d]));
    const [loaded] = await loadTenants({ tenantsDir: raw });
    expect(loaded?.problems).toMatchObject([{ keyword: 'encoding' }]);
  });

  it.each([
    [
      '{\n  "theme": { "colors": { "primary": "#fff" "accent": "#000" } }\n}',
      '/theme/colors/primary',
      2,
      43,
      `not valid JSON: expected ',' or '}' after the value of "primary"`,
    ],
    [
      '{ "brands": { "a": { "assets": [1, 2 3] } } }',
      '/brands/a/assets/1',
      1,
      37,
      `not valid JSON: expected ',' or ']' after item 2 of "assets"`,
    ],
    ['{ "id" 1 }', '/id', 1, 7, `not valid JSON: expected ':' after the key "id"`],
    ['{ "id": 1, }', '/id', 1, 10, `not valid JSON: a ',' before '}' is not allowed in JSON`],
    [
      '{ "brands": { "a": { "assets": [1, 2,, 3] } } }',
      '/brands/a/assets/2',
      1,
      38,
      'not valid JSON: unexpected ","',
    ],
    ['{ "id": 1 ', '/id', 1, 10, `not valid JSON: expected ',' or '}' after the value of "id"`],
    [
      '{ "a~b/c": tru }',
      '/a~0b~1c',
      1,
      12,
      'not valid JSON: unexpected "tru" (text needs double quotes; the only bare words are true, false and null)',
    ],
  ])(
    'names what is wrong where it is in the syntax error of %j',
    async (text, pointer, line, column, message) => {
      const tenant = await problemsFor(text);
      expect(tenant.problems).toEqual([
        expect.objectContaining({ keyword: 'syntax', pointer, line, column, message }),
      ]);
    },
  );

  it('reports a tenant folder without tenant.json', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, 'empty'));
    const [tenant] = await loadTenants({ tenantsDir: dir });
    expect(tenant?.problems).toMatchObject([
      { keyword: 'file', message: 'this tenant folder has no tenant.json' },
    ]);
  });
});

describe('prototype keys', () => {
  it('never pollute Object.prototype, whatever the nesting', async () => {
    const text = `{
      "id": 1, "name": "x", "domain": "x.example", "apiUrl": "/",
      "__proto__": { "polluted": "yes" },
      "theme": { "__proto__": { "polluted": "yes" }, "constructor": { "prototype": { "polluted": "yes" } } },
      "brands": { "constructor": { "colors": {} } }
    }`;
    const tenant = await problemsFor(text);
    expect(tenant.config).toBeNull();
    expect(tenant.problems.map((p) => p.pointer)).toEqual([
      '/__proto__',
      '/theme/__proto__',
      '/theme/constructor',
      '/brands/constructor',
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(Object.getPrototypeOf(tenant.raw)).toBe(Object.prototype);
  });
});

describe('what JSON.parse alone would hide', () => {
  // Valid files are read with JSON.parse and positions worked out only for a problem (parse.ts plainValue):
  // these are the files whose problems live in the text, not in JSON.parse's value.
  it('finds a key written twice, once with an escape', async () => {
    const text = '{ "id": 1, "name": "x", "\\u006eame": "y", "domain": "x.example", "apiUrl": "/" }';
    const tenant = await problemsFor(text);
    expect(tenant.problems).toMatchObject([
      { pointer: '/name', keyword: 'duplicateKey', line: 1, column: text.indexOf('"\\u006e') + 1 },
    ]);
  });

  it('finds a forbidden key written with an escape', async () => {
    const text = '{ "id": 1, "name": "x", "domain": "x.example", "apiUrl": "/", "\\u005f_proto__": {} }';
    const tenant = await problemsFor(text);
    expect(tenant.problems).toMatchObject([{ pointer: '/__proto__', keyword: 'forbiddenKey' }]);
  });

  it('does not take a colon in a text for a member, and places a later problem by the file', async () => {
    const text = '{\n  "id": 1, "name": "a: b {[",\n  "domain": "x.example", "apiUrl": "/",\n  "theme": 5\n}';
    const tenant = await problemsFor(text);
    expect(tenant.problems).toMatchObject([{ pointer: '/theme', line: 4, column: 12 }]);
  });
});

describe('ids', () => {
  it.each([
    ['a string', '"42"', 'must be a whole number, not text'],
    ['negative', '-5', 'must be at least 1'],
    ['zero', '0', 'must be at least 1'],
    ['fractional', '1.5', 'must be a whole number, not a fractional number'],
    ['too large', '2147483648', 'must be at most 2147483647'],
  ])('rejects an id that is %s', async (_label, id, message) => {
    const tenant = await problemsFor(`{ "id": ${id}, "name": "x", "domain": "x.example", "apiUrl": "/" }`);
    expect(tenant.problems).toMatchObject([{ pointer: '/id', line: 1, column: 9, message }]);
  });
});

describe('folder names', () => {
  it.each(['Acme', 'acme corp', 'acme.com', '-acme', 'a'.repeat(41), 'acme_1'])(
    'rejects "%s"',
    async (slug) => {
      const tenant = await problemsFor(minimalConfig(), {}, slug);
      expect(tenant.problems).toMatchObject([
        { keyword: 'slug', message: expect.stringContaining(`"${slug}"`) },
      ]);
    },
  );

  it('skips dot-folders such as .git', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, '.git'));
    await writeTenant(dir, 'real', minimalConfig());
    expect((await loadTenants({ tenantsDir: dir })).map((t) => t.slug)).toEqual(['real']);
  });
});

describe('asset files', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"></svg>';

  it('rejects a symlink that resolves outside the tenant folder, accepts one inside', async () => {
    const dir = await tempDir();
    const outside = path.join(dir, 'outside.svg');
    await writeFile(outside, svg);
    const tenantDir = await writeTenant(
      dir,
      'linked',
      minimalConfig({ theme: { assets: { logo: 'logo.svg', favicon: 'icon.svg' } } }),
      {
        'real.svg': svg,
      },
    );
    await symlink(outside, path.join(tenantDir, 'logo.svg'));
    await symlink(path.join(tenantDir, 'real.svg'), path.join(tenantDir, 'icon.svg'));
    const [tenant] = await loadTenants({ tenantsDir: dir, slugs: ['linked'] });
    expect(tenant?.problems).toMatchObject([
      {
        pointer: '/theme/assets/logo',
        keyword: 'asset',
        message: expect.stringMatching(/outside the tenant folder/),
      },
    ]);
  });

  it('rejects a tenant.json that is a symlink to a file elsewhere', async () => {
    const dir = await tempDir();
    const elsewhere = path.join(dir, 'elsewhere.json');
    await writeFile(elsewhere, JSON.stringify(minimalConfig()));
    await mkdir(path.join(dir, 'linked'));
    await symlink(elsewhere, path.join(dir, 'linked', 'tenant.json'));
    const [tenant] = await loadTenants({ tenantsDir: dir });
    expect(tenant?.problems).toMatchObject([
      { keyword: 'file', message: expect.stringMatching(/outside the tenant folder/) },
    ]);
  });

  it('rejects an image over 2 MB', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const tenant = await problemsFor(minimalConfig({ theme: { assets: { logo: 'logo.png' } } }), {
      'logo.png': big,
    });
    expect(tenant.problems).toMatchObject([
      { pointer: '/theme/assets/logo', message: expect.stringMatching(/at most 2 MB/) },
    ]);
  });

  it('accepts https URLs without touching the network', async () => {
    const tenant = await problemsFor(
      minimalConfig({ theme: { assets: { logo: 'https://cdn.example/logo.svg' } } }),
    );
    expect(tenant.problems).toEqual([]);
  });

  it('still checks assets when another part of the file is wrong', async () => {
    const tenant = await problemsFor(minimalConfig({ name: '', theme: { assets: { logo: 'nope.svg' } } }));
    expect(tenant.problems.map((p) => p.pointer)).toEqual(['/name', '/theme/assets/logo']);
  });
});

describe('the tenants folder and slugs', () => {
  it('fails with exit 3 naming a tenants folder that does not exist', async () => {
    const missing = path.join(await tempDir(), 'nope');
    const error = await loadTenants({ tenantsDir: missing }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({ exitCode: 3, message: expect.stringContaining(missing) });
  });

  it('fails with exit 2 and a did-you-mean for an unknown slug, including path tricks', async () => {
    const dir = await tempDir();
    await writeTenant(dir, 'acme', minimalConfig());
    await expect(loadTenants({ tenantsDir: dir, slugs: ['acm'] })).rejects.toMatchObject({
      exitCode: 2,
      message: 'There is no tenant "acm": did you mean "acme"?',
    });
    await expect(loadTenants({ tenantsDir: dir, slugs: ['../acme'] })).rejects.toMatchObject({ exitCode: 2 });
  });

  it('checks uniqueness against tenants that were not asked for', async () => {
    const dir = await tempDir();
    await writeTenant(dir, 'one', minimalConfig({ id: 7 }));
    await writeTenant(dir, 'two', minimalConfig({ id: 7 }));
    const tenants = await loadTenants({ tenantsDir: dir, slugs: ['two'] });
    expect(tenants.map((t) => t.slug)).toEqual(['two']);
    expect(tenants[0]?.problems).toMatchObject([
      { pointer: '/id', message: expect.stringContaining('one/tenant.json') },
    ]);
  });
});
