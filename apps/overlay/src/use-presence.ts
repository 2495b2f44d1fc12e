import { useEffect, useRef, useState } from 'react';

export const EXIT_MS = 320;

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * Keeps the last non-null value on screen for a moment after it becomes null, marked `leaving`, so
 * that it can play an exit animation (at once when the viewer prefers reduced motion).
 */
export function usePresence<T>(value: T | null): { shown: T | null; leaving: boolean } {
  const [shown, setShown] = useState<T | null>(value);
  const last = useRef<T | null>(value);
  useEffect(() => {
    if (value !== null) {
      last.current = value;
      setShown(value);
      return;
    }
    if (reducedMotion()) {
      setShown(null);
      return;
    }
    const timer = setTimeout(() => setShown(null), EXIT_MS);
    return () => clearTimeout(timer);
  }, [value]);
  if (value !== null) return { shown: value, leaving: false };
  return { shown: shown ?? null, leaving: shown !== null };
}
