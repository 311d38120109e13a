import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScriptJson, assertSafeTemplate, renderTemplate } from '../../src/lib/bake/render.js';
import { REPO_ROOT } from '../../src/lib/context.js';

describe('template rendering', () => {
  it('HTML-escapes every plain value', () => {
    const html = renderTemplate('<title>{{name}}</title><a href="{{href}}">', 't', {
      name: '<script>alert(1)</script> & "x"',
      href: '" onmouseover="alert(1)',
    });
    expect(html).toBe(
      '<title>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;</title><a href="&quot; onmouseover&#61;&quot;alert(1)">',
    );
  });

  it('JSON-encodes ScriptJson values so they cannot close the script element', () => {
    const html = renderTemplate('<script type="application/json">{{config}}</script>', 't', {
      config: new ScriptJson({ name: '</script><script>alert(1)</script>', amp: 'a & b', ls: '\u2028' }),
    });
    expect(html).not.toContain('</script><script>');
    const json = html.replace(/^<script type="application\/json">/, '').replace(/<\/script>$/, '');
    expect(JSON.parse(json)).toEqual({
      name: '</script><script>alert(1)</script>',
      amp: 'a & b',
      ls: '\u2028',
    });
  });

  it('refuses templates with unescaped mustache', () => {
    expect(() => assertSafeTemplate('{{{name}}}', 'x')).toThrow(/unescaped/);
    expect(() => assertSafeTemplate('{{& name}}', 'x')).toThrow(/unescaped/);
    expect(() => assertSafeTemplate('{{name}}', 'x')).not.toThrow();
  });

  it('no template in templates/ uses unescaped mustache', async () => {
    const dir = path.join(REPO_ROOT, 'templates');
    const names = (await readdir(dir)).filter((name) => name.endsWith('.mustache'));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const text = await readFile(path.join(dir, name), 'utf8');
      expect(text, name).not.toMatch(/\{\{\{|\{\{\s*&/);
    }
  });
});
