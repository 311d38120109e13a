// SPEC §3's role_id, read the same way by the API (which enforces it on every call) and the app (which picks
// the route tree a signed-in user sees): 1 is SPEC's admin, 2 the coach, every other user a client.

export type Role = 'client' | 'coach' | 'admin';

export const roleOf = (roleId: number): Role => (roleId === 1 ? 'admin' : roleId === 2 ? 'coach' : 'client');
