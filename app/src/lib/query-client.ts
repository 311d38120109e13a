/** React Query: GET answers stay fresh for 15 minutes (SPEC §9) and are forgotten on logout. */
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-call';
import { sessionStore } from './session';

const CACHE_LIFETIME_MS = 900_000;

function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE_LIFETIME_MS,
        // A 4xx will not change on retry and each retry would toast again; a network blip gets one more try.
        retry: (count, error) => count < 1 && !(isApiError(error) && (error.response?.status ?? 0) < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  sessionStore.onLogout(() => client.clear());
  return client;
}

export const queryClient = createQueryClient();
