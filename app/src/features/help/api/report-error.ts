import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ErrorReport } from '../../../../../contracts/rest/support';

/** The salted hashids encoding of the user id; hashids is loaded only when a report is sent. */
export async function encodeUserId(id: number, salt: string): Promise<string> {
  const { default: Hashids } = await import('hashids');
  // Minimum length 8, as the API encodes ids.
  return new Hashids(salt, 8).encode(id);
}

/** POST /api/v1/users/error/logs/: sends a crash report to the support team. */
async function reportError(report: ErrorReport): Promise<void> {
  await api.post('/api/v1/users/error/logs/', report);
}

export const useReportError = () => useMutation({ mutationFn: reportError });
