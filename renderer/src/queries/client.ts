/** The app's single QueryClient, with a retry policy that knows which failures are worth retrying. */
import { QueryClient } from '@tanstack/react-query';
import { isUnreachable } from '../bridge/errors.ts';

/** Retries only an unreachable API, and only once: the banner's Retry button takes over after that. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isUnreachable(error);
}

/** Creates the QueryClient of the app. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay: 500, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
