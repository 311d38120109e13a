// The one mapping from schema keywords to sentences (src/validation-errors.ts): every keyword a request
// schema uses answers a plain sentence under the request's own field name, a schema's `mismatch` speaks for
// its pattern, format and anyOf only, and no sentence repeats ajv's text (a pattern, "must", quotes).
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaValidationError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { plainTextKeyword } from '../src/routes/plain-text.js';
import { webAddressKeyword } from '../src/routes/web-address.js';
import { fieldErrors, mismatchKeyword } from '../src/validation-errors.js';

// Configured as app.ts configures Fastify's ajv.
const ajv = new Ajv({ allErrors: true, verbose: true, coerceTypes: 'array', useDefaults: true });
addFormats(ajv);
for (const plugin of [plainTextKeyword, mismatchKeyword, webAddressKeyword]) plugin(ajv);

const schema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'email'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 5, plainText: 'single-line' },
    email: { type: 'string', format: 'email', plainText: 'single-line' },
    code: { type: 'string', pattern: '^[0-9]{6}$', plainText: 'single-line' },
    website: {
      type: 'string',
      webAddress: true,
      pattern: '^(https?://\\S+)?$',
      mismatch: 'Enter a web address, like https://example.com.',
      maxLength: 30,
      plainText: 'single-line',
    },
    age: { type: 'integer', minimum: 18, maximum: 120 },
    size: { type: 'string', enum: ['small', 'large'], plainText: 'single-line' },
    tags: { type: 'array', maxItems: 2, items: { type: 'string', plainText: 'single-line' } },
    day: {
      type: ['string', 'null'],
      plainText: 'single-line',
      anyOf: [{ type: 'null' }, { format: 'date' }, { maxLength: 0 }],
    },
  },
};
const validate = ajv.compile(schema);

function errorsOf(body: Record<string, unknown>) {
  const data = structuredClone(body);
  expect(validate(data)).toBe(false);
  return fieldErrors(validate.errors as FastifySchemaValidationError[], 'body');
}

describe('422 sentences', () => {
  it('answers each keyword with a plain sentence under the field’s own name', () => {
    expect(
      errorsOf({
        name: 'Annabel',
        email: 'anna@',
        code: '12a',
        website: 'javascript:alert(1)',
        age: 12,
        size: 'huge',
        tags: ['a', 'b', 'c'],
        day: '02/11/1979',
        role_id: 1,
      }),
    ).toEqual({
      name: ['Enter at most 5 characters.'],
      email: ['Enter an email address, like name@example.com.'],
      code: ['This is not in the expected format.'],
      website: ['Enter a web address, like https://example.com.'],
      age: ['Enter a number of at least 18.'],
      size: ['Choose one of: small, large.'],
      tags: ['Choose at most 2 items.'],
      day: ['This value is not valid.'],
      role_id: ['This field is not allowed.'],
    });
    expect(errorsOf({ name: '', age: 'old' })).toEqual({
      name: ['This field is required.'],
      email: ['This field is required.'],
      age: ['Enter a whole number.'],
    });
    expect(errorsOf({ name: 'A\nB', email: 'a@example.com', age: 200 })).toEqual({
      name: ['Must not contain line breaks or control characters.'],
      age: ['Enter a number of at most 120.'],
    });
  });

  it('a schema’s `mismatch` speaks for its shape only, not its length', () => {
    const long = `https://example.com/${'x'.repeat(40)}`;
    expect(errorsOf({ name: 'A', email: 'a@example.com', website: long })).toEqual({
      website: ['Enter at most 30 characters.'],
    });
  });

  it('never repeats ajv’s developer text', () => {
    const all = Object.values(
      errorsOf({ name: 'Annabel', email: 'x', code: 'x', website: 'mailto:a', age: 1.5, size: 1, day: 'x' }),
    ).flat();
    for (const sentence of all) {
      expect(sentence).not.toMatch(/^must |"|\^|\$|NOT/);
      expect(sentence).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('adds https:// to a web address typed without a scheme, and leaves other schemes for the pattern', () => {
    const typed = (website: string) => {
      const data: Record<string, unknown> = { name: 'A', email: 'a@example.com', website };
      validate(data);
      return data.website;
    };
    expect(typed('acme.com')).toBe('https://acme.com');
    expect(typed(' acme.com:8080 ')).toBe('https://acme.com:8080');
    expect(typed('http://acme.com')).toBe('http://acme.com');
    expect(typed('')).toBe('');
    expect(typed('javascript:alert(1)')).toBe('javascript:alert(1)');
  });
});
