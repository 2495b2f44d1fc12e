import type { LiveMessage } from '@companion/sdk/contract';
import { useEffect, useRef } from 'react';

/** Sends one message to the overlay through the page's live channel. */
export type Send = (message: LiveMessage) => void;

/** Debounces a value change into one send, so tapping −1 five times sends one update. */
export function useDebouncedSend(send: Send, delayMs = 250): Send {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (message) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => send(message), delayMs);
  };
}
