import { useEffect, useState } from 'react';
import { apiAssetUrl, avatarUrl, AVATAR_SIZE } from '@/lib/avatar';
import { initials, type User } from '@/lib/user';
import { usePortal } from '@/lib/portal-context';

/**
 * The profile picture, else the public avatar service's image for the email (when the tenant allows it),
 * else the initials: also when an image fails to load (offline, blocked, deleted file).
 */
export function UserAvatar({ user, size = AVATAR_SIZE }: { user: User; size?: number }) {
  const { config } = usePortal();
  const [generated, setGenerated] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    if (user.profile_pic || !config.integrations.avatarService) return;
    let live = true;
    avatarUrl(user.email).then(
      (url) => live && setGenerated(url),
      () => undefined, // No Web Crypto (insecure context): initials.
    );
    return () => {
      live = false;
    };
  }, [user.email, user.profile_pic, config.integrations.avatarService]);

  const picture = user.profile_pic ? apiAssetUrl(config.apiUrl, user.profile_pic) : null;
  const src = picture ?? (config.integrations.avatarService ? generated : null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (src && failed !== src) {
    return <img className="avatar" src={src} alt="" style={style} onError={() => setFailed(src)} />;
  }
  return (
    <span className="avatar avatar-initials" style={style} aria-hidden="true">
      {initials(user)}
    </span>
  );
}
