/**
 * The fixed-key substitution cipher over base64 that SPEC §9 asks for the stored user. It is obfuscation, not
 * security: anyone with the bundle can reverse it. What it buys is that the session in local storage is not
 * plain readable JSON, and that an edited value fails to decode (and so logs out) instead of being trusted.
 */
const PLAIN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
// A fixed permutation of PLAIN (the key). Changing it logs every stored session out, which is safe.
const KEY = 'qT3xK9mZ0bLwV+aR7nYc/PfH2sGd5JtEuB1oXiW8kC4hNlDyO6jMgArIeUpSvQzF';

/** The cipher's two alphabets, for index.html's inline script, which reads the stored user before the app runs. */
export const CIPHER = { plain: PLAIN, key: KEY };

const ENCODE = new Map([...PLAIN].map((c, i) => [c, KEY.charAt(i)]));
const DECODE = new Map([...KEY].map((c, i) => [c, PLAIN.charAt(i)]));

function substitute(text: string, table: Map<string, string>): string {
  let out = '';
  for (const c of text) {
    if (c === '=') out += c;
    else {
      const mapped = table.get(c);
      if (mapped === undefined) throw new Error('Not an encoded value.');
      out += mapped;
    }
  }
  return out;
}

function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(base64: string): string {
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

export function encode(value: unknown): string {
  return substitute(toBase64(JSON.stringify(value)), ENCODE);
}

/** The decoded value; throws when the text was not produced by encode() (edited, truncated, foreign). */
export function decode(text: string): unknown {
  return JSON.parse(fromBase64(substitute(text, DECODE)));
}
