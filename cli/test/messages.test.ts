import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { collapse, plainError } from '../src/lib/tenants/messages.js';
import { checkField } from '../src/lib/tenants/index.js';
import { didYouMean } from '../../contracts/suggest.js';

describe('didYouMean', () => {
  it.each([
    ['primry', ['primary', 'secondary'], 'primary'],
    ['textColour', ['textColor', 'hoverColor'], 'textColor'],
    ['brandDomian', ['domain'], 'domain'],
    ['ACME', ['acme', 'globex'], 'acme'],
    ['zzzzzz', ['primary', 'secondary'], null],
    ['x', [], null],
  ])('%s among %j -> %s', (input, candidates, expected) => {
    expect(didYouMean(input, candidates)).toBe(expected);
  });
});

describe('plain messages', () => {
  // The tenant schema has no enum today; a small schema proves enum values get a did-you-mean too.
  const ajv = new Ajv2020({ allErrors: true, verbose: true });
  const validate = ajv.compile({
    type: 'object',
    properties: { mode: { enum: ['light', 'dark', 'auto'] }, kind: { const: 'tenant' } },
  });

  it('suggests the closest enum value', () => {
    validate({ mode: 'drak', kind: 'tenat' });
    const errors = collapse(validate.errors ?? []).map(plainError);
    expect(errors).toEqual([
      expect.objectContaining({
        pointer: '/mode',
        message: 'must be one of "light", "dark", "auto": did you mean "dark"?',
        suggestion: 'dark',
      }),
      expect.objectContaining({
        pointer: '/kind',
        message: 'must be one of "tenant": did you mean "tenant"?',
      }),
    ]);
  });

  it('checks single fields with the schema rules (used by portal init)', () => {
    expect(checkField('#/properties/domain', 'portal.acme.com')).toBeNull();
    expect(checkField('#/properties/domain', 'Portal.Acme.com')).toBe(
      'must be a lowercase hostname such as portal.acme.com',
    );
    expect(checkField('theme.schema.json#/$defs/color', '#14143f')).toBeNull();
    expect(checkField('theme.schema.json#/$defs/color', 'red')).toBe(
      'must be a colour like "#14143f", not "red"',
    );
    expect(checkField('theme.schema.json#/$defs/color', `#${'0'.repeat(60)}`)).toBe(
      `must be a colour like "#14143f", not "#${'0'.repeat(38)}…"`,
    );
    expect(checkField('#/properties/apiUrl', 'http://127.0.0.1:8080')).toBeNull();
    expect(checkField('#/properties/apiUrl', 'ftp://x')).toBe(
      '"ftp:" URLs are not allowed here; use an https URL',
    );
    expect(checkField('#/properties/id', 0)).toBe('must be at least 1');
    expect(checkField('#/properties/theme/properties/assets/properties/logo', 'data:x.png')).toMatch(
      /^"data:" URLs/,
    );
  });

  it('describes other alternatives by their schema descriptions', () => {
    expect(checkField('#/properties/publish/properties/site', 'ftp://x y')).toMatch(
      /^must be one of: An S3 bucket/,
    );
  });

  it('never leaks ajv jargon for the tenant schema', () => {
    const samples: [string, unknown][] = [
      ['#/properties/name', ''],
      ['#/properties/name', 'a'.repeat(81)],
      ['#/properties/id', 'x'],
      ['#/properties/apiUrl', 'https://'],
      ['#/properties/brands', { 'Bad Key': {} }],
      ['#/properties/integrations', { stripePublishableKey: 'sk_live_x' }],
    ];
    for (const [pointer, value] of samples) {
      const message = checkField(pointer, value);
      expect(message).toBeTruthy();
      expect(message).not.toMatch(/must match|NOT have|schema in anyOf|pattern "/);
    }
  });
});
