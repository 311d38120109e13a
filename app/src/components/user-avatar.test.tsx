import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PortalContext } from '@/lib/portal-context';
import { avatarUrl } from '@/lib/avatar';
import { toUser } from '@/lib/user';
import { apiUser, testBrand, testConfig } from '@/testing/portal';
import { UserAvatar } from './user-avatar';

const withService = { ...testConfig, integrations: { ...testConfig.integrations, avatarService: true } };

function renderAvatar(config = withService, overrides: Record<string, unknown> = {}) {
  return render(
    <PortalContext.Provider value={{ config, brand: testBrand }}>
      <UserAvatar user={toUser(apiUser(overrides))!} />
    </PortalContext.Provider>,
  );
}

describe('the avatar (SPEC §2)', () => {
  it('is keyed by a SHA-256 of the trimmed, lowercased email, size 50, rating g, default retro', async () => {
    const url = await avatarUrl('  Client@Demo.TEST ');
    expect(url).toBe(await avatarUrl('client@demo.test'));
    expect(url).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}\?s=50&r=g&d=retro$/);
  });

  it('uses the profile picture when there is one', () => {
    const { container } = renderAvatar(withService, { profile_pic: '/api/v1/student/profilephoto/abc' });
    expect(container.querySelector('img')?.getAttribute('src')).toMatch(
      /\/api\/v1\/student\/profilephoto\/abc$/,
    );
  });

  it('uses the avatar service, and initials when that image fails', async () => {
    const { container } = renderAvatar();
    const img = await screen.findByRole('presentation');
    expect(img.getAttribute('src')).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\//);
    fireEvent.error(img);
    expect(container.textContent).toBe('RK');
  });

  it('shows initials when the tenant turns the avatar service off', () => {
    const { container } = renderAvatar(testConfig);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('RK');
  });
});
