import { afterEach, describe, expect, it } from 'vitest';
import { hideTokenFromReferrer } from './referrer';

function metaPolicy(): string | null {
  return document.querySelector('meta[name="referrer"]')?.getAttribute('content') ?? null;
}

afterEach(() => document.querySelector('meta[name="referrer"]')?.remove());

describe('referrer policy on token routes', () => {
  it('turns the page policy to no-referrer on /reset/<token> and /fbslogin/<token> only', () => {
    for (const [pathname, expected] of [
      ['/reset/0123abcd', 'no-referrer'],
      ['/fbslogin/0123abcd', 'no-referrer'],
      ['/login', 'strict-origin'],
      ['/resources', 'strict-origin'],
    ] as const) {
      document.head.insertAdjacentHTML('beforeend', '<meta name="referrer" content="strict-origin">');
      hideTokenFromReferrer(pathname);
      expect([pathname, metaPolicy()]).toEqual([pathname, expected]);
      document.querySelector('meta[name="referrer"]')?.remove();
    }
  });
});
