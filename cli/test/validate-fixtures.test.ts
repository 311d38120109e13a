import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTenants, type LoadedTenant, type Problem } from '../src/lib/tenants/index.js';
import { FIXTURES } from './helpers.js';

/** The broken fixtures: every file's every problem, with its position, pointer and plain message. */
let broken: Map<string, LoadedTenant>;

beforeAll(async () => {
  const tenants = await loadTenants({ tenantsDir: path.join(FIXTURES, 'broken') });
  broken = new Map(tenants.map((tenant) => [tenant.slug, tenant]));
});

const problemsOf = (slug: string): Problem[] => {
  const tenant = broken.get(slug);
  if (!tenant) throw new Error(`no fixture ${slug}`);
  return tenant.problems;
};
const at = (slug: string, pointer: string) =>
  problemsOf(slug).filter((problem) => problem.pointer === pointer);

describe('valid fixtures', () => {
  it('accept every field, every image kind, brands and a UTF-8 byte-order mark, even with --strict', async () => {
    const tenants = await loadTenants({ tenantsDir: path.join(FIXTURES, 'valid'), strict: true });
    expect(tenants.map((t) => [t.slug, t.problems])).toEqual([
      ['alpha', []],
      ['beta', []],
      ['bom', []],
    ]);
    expect(tenants.every((t) => t.config !== null)).toBe(true);
    expect(tenants[2]?.config?.name).toBe('Byte Order Mark');
  });
});

describe('broken fixtures', () => {
  it('are all reported at once, sorted by slug, and only the contrast-only one keeps its config', () => {
    const invalid = [...broken.values()].filter((t) => t.config === null).map((t) => t.slug);
    expect(invalid).toHaveLength(15);
    expect(broken.get('low-contrast')?.config).not.toBeNull();
    expect([...broken.keys()]).toEqual([...broken.keys()].sort());
  });

  it('gives the line and column of a syntax error', () => {
    expect(problemsOf('not-json')).toMatchObject([
      {
        pointer: '/name',
        line: 3,
        column: 22,
        keyword: 'syntax',
        message: 'not valid JSON: unexpected ","',
        severity: 'error',
      },
    ]);
  });

  it('reports both positions of a duplicate key', () => {
    expect(at('duplicate-keys', '/name')).toMatchObject([
      {
        line: 6,
        column: 3,
        keyword: 'duplicateKey',
        message: expect.stringMatching(/first at 3:3, again at 6:3/),
      },
    ]);
  });

  it('suggests the intended key for misspelt ones, at the key position', () => {
    expect(at('misspelt', '/brandDomian')).toMatchObject([
      {
        line: 4,
        column: 3,
        keyword: 'additionalProperties',
        message: 'unknown property: did you mean "domain"?',
        suggestion: 'domain',
      },
    ]);
    expect(at('misspelt', '/theme/colors/primry')[0]?.message).toBe(
      'unknown property: did you mean "primary"?',
    );
    expect(at('misspelt', '/theme/colors/textColour')[0]?.suggestion).toBe('textColor');
    expect(at('misspelt', '/theme/asets')[0]?.suggestion).toBe('assets');
    expect(at('misspelt', '')[0]?.message).toBe('missing the required property "domain"');
  });

  it('names wrong types in plain words', () => {
    const messages = Object.fromEntries(problemsOf('wrong-types').map((p) => [p.pointer, p.message]));
    expect(messages).toEqual({
      '/id': 'must be a whole number, not text',
      '/name': 'must be text in double quotes, not a whole number',
      '/theme/colors/primary': 'must be a colour like "#14143f", not a whole number',
      '/defaultFlags/group_coaching': 'must be true or false, not text',
      '/integrations/avatarService': 'must be true or false, not a whole number',
      '/integrationApi/messageContent': 'must be true or false, not text',
      '/brands': 'must be an object { ... }, not a list',
    });
  });

  it('rejects __proto__, constructor and prototype keys anywhere', () => {
    expect(problemsOf('proto-keys').map((p) => [p.pointer, p.keyword, p.line, p.column])).toEqual([
      ['/__proto__', 'forbiddenKey', 6, 3],
      ['/theme/constructor', 'forbiddenKey', 7, 14],
      ['/brands/prototype', 'forbiddenKey', 8, 15],
    ]);
  });

  it('rejects colour values carrying CSS or HTML, and offers the "#" a bare hex forgot', () => {
    const problems = problemsOf('css-colours');
    expect(problems.map((p) => p.pointer)).toEqual([
      '/theme/colors/primary',
      '/theme/colors/background',
      '/theme/colors/secondary',
      '/theme/colors/accent',
      '/theme/colors/textColor',
    ]);
    // The bad value is in the message itself: a report read without a terminal has no code frame to show it.
    expect(problems.map((p) => p.message)).toEqual([
      'must be a colour like "#14143f", not "red;}body{background:url(x)}"',
      'must be a colour like "#14143f", not "</style><script>alert(1)</script>"',
      'must be a colour like "#14143f", not "#12345"',
      'must be a colour like "#14143f", not "var(--x)"',
      'must be a colour like "#14143f", not "14143f"',
    ]);
    expect(problems[4]).toMatchObject({ line: 12, column: 20, suggestion: '"#14143f"' });
  });

  it('rejects javascript:, data: and http: URLs', () => {
    const messages = Object.fromEntries(problemsOf('bad-urls').map((p) => [p.pointer, p.message]));
    expect(messages['/theme/assets/logo']).toMatch(/^"javascript:" URLs are not allowed/);
    expect(messages['/theme/assets/favicon']).toMatch(/^"data:" URLs are not allowed/);
    expect(messages['/theme/assets/loginBackground']).toMatch(/^"http:" URLs are not allowed/);
    expect(messages['/themeUrl']).toMatch(/^"javascript:" URLs are not allowed/);
    expect(messages['/apiUrl']).toBe(
      'plain http is allowed only on localhost or 127.0.0.1; use an https URL',
    );
  });

  it('rejects asset paths that leave the tenant folder', () => {
    const problems = problemsOf('escaping-paths');
    expect(problems.map((p) => p.pointer)).toEqual([
      '/theme/assets/logo',
      '/theme/assets/favicon',
      '/theme/assets/loginBackground',
    ]);
    for (const problem of problems) expect(problem.message).toMatch(/inside the tenant folder/);
  });

  it('rejects scripted SVGs', () => {
    expect(problemsOf('scripted-svg').map((p) => p.message)).toEqual([
      '"logo.svg" is a scripted SVG (<script>); remove the script',
      '"favicon.svg" is a scripted SVG (an on... event attribute); remove it',
      '"bg.svg" is a scripted SVG (a javascript: link); remove it',
    ]);
  });

  it('rejects files that are not what their extension says', () => {
    const messages = problemsOf('fake-images').map((p) => p.message);
    expect(messages).toEqual([
      expect.stringMatching(/^"logo.png" is not a PNG file/),
      expect.stringMatching(/^"favicon.ico" is not an ICO file/),
      expect.stringMatching(/^"bg.webp" is not a WebP file/),
      '"not-svg.svg" is not an SVG image (no <svg> element)',
      expect.stringMatching(/^"photo.jpg" is not a JPEG file/),
    ]);
  });

  it('reports a missing asset with a did-you-mean, and a folder that is not a file', () => {
    expect(problemsOf('missing-asset').map((p) => [p.message, p.suggestion])).toEqual([
      ['"lgo.svg" does not exist in the tenant folder: did you mean "logo.svg"?', 'logo.svg'],
      ['"icons.ico" is not a regular file', null],
    ]);
  });

  it('names both files when an id or a domain is used twice', () => {
    expect(problemsOf('dup-a').map((p) => [p.pointer, p.keyword, p.message])).toEqual([
      ['/id', 'unique', 'id 113 is also used by broken/dup-b/tenant.json; each tenant needs its own'],
      [
        '/domain',
        'unique',
        'domain "same.example" is also used by broken/dup-b/tenant.json; each tenant needs its own',
      ],
    ]);
    expect(problemsOf('dup-b')[0]?.message).toMatch(/also used by broken\/dup-a\/tenant.json/);
  });

  it('rejects a folder name that is not a slug', () => {
    expect(problemsOf('Bad_Name')).toMatchObject([{ pointer: '', keyword: 'slug', severity: 'error' }]);
  });

  it('warns about low contrast without failing the tenant', () => {
    expect(problemsOf('low-contrast').every((p) => p.severity === 'warning')).toBe(true);
  });

  it('gives every problem the file it belongs to', () => {
    for (const tenant of broken.values()) {
      for (const problem of tenant.problems) expect(problem.file).toBe(tenant.file);
    }
  });
});
