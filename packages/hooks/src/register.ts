import type { CompanionError } from '@companion/sdk';

/**
 * Every query's and mutation's `error` is the SDK's `CompanionError` (the catalogue classes), unless a
 * hook says otherwise (the Firebase sign-in flows type theirs as `AuthFlowError | CompanionError`).
 */
declare module '@tanstack/react-query' {
  interface Register {
    defaultError: CompanionError;
  }
}
