import { describe, expect, it } from 'vitest';
import { decode, encode } from './cipher';

describe('the stored-user cipher', () => {
  it('round-trips any JSON value, including non-ASCII text', () => {
    const value = {
      id: 7,
      first_name: 'Zoë',
      company: 'Café Ünïcode 日本',
      flags: [true, false],
      none: null,
    };
    expect(decode(encode(value))).toEqual(value);
  });

  it('is not plain base64 of the JSON', () => {
    const value = { email: 'client@demo.test' };
    const encoded = encode(value);
    expect(encoded).not.toBe(btoa(JSON.stringify(value)));
    expect(encoded).not.toContain('client');
  });

  it('refuses text it did not produce', () => {
    expect(() => decode('not base64 at all!')).toThrow();
    expect(() => decode(encode({ a: 1 }).slice(0, -3))).toThrow();
  });
});
