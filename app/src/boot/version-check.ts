/**
 * The version check of SPEC §4, run before the first render in parallel with the theme load.
 * Placeholder until the publish issue lands: it resolves at once so rendering is never blocked.
 */
export interface VersionCheckResult {
  /** The version /meta.json announced, when it could be read. */
  liveVersion: string | null;
  /** True when a newer version is live but a reload already happened for it: show the banner instead. */
  updateAvailable: boolean;
}

export async function checkVersion(_bakedVersion: string): Promise<VersionCheckResult> {
  return { liveVersion: null, updateAvailable: false };
}
