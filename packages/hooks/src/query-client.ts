import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { retryPolicy } from './queries/define.js';

/**
 * A QueryClient with Companion's defaults: queries retry only retryable errors (network, 5xx, 429)
 * once — ky already retried them — and mutations never retry. Create it once, outside render.
 */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: { retry: retryPolicy, ...config.defaultOptions?.queries },
      mutations: { retry: false, ...config.defaultOptions?.mutations },
    },
  });
}
