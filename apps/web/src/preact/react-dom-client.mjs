// `react-dom/client` in the built app (see vite.config.ts and ./react.mjs).
import { hydrateRoot as compatHydrateRoot, createRoot } from 'preact/compat/client';
import { setHydrating } from './react.mjs';

export { createRoot };

/**
 * Preact hydrates the whole tree at once, synchronously: stores read their server snapshot meanwhile.
 * @param {Element} container
 * @param {import('preact').ComponentChild} children
 */
export function hydrateRoot(container, children) {
  setHydrating(true);
  try {
    return compatHydrateRoot(container, children);
  } finally {
    setHydrating(false);
  }
}

export default { createRoot, hydrateRoot };
