import {
  readSessionSnapshot,
  type SessionSnapshot,
  SIGNED_OUT,
  subscribeSessionSnapshot,
} from '@companion/hooks/session';
import { useSyncExternalStore } from 'react';

export type { SessionSnapshot };

/**
 * The signed-in user as the header shows it, on every page: public pages read what the hooks
 * persisted (without loading Firebase or the API client), app pages see the hooks' changes as they
 * happen. Server rendering and hydration see a signed-out visitor.
 */
export const useSession = (): SessionSnapshot =>
  useSyncExternalStore(subscribeSessionSnapshot, readSessionSnapshot, () => SIGNED_OUT);
