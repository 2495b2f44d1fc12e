import type { ReactNode } from 'react';

/** A table that may scroll sideways on phones: focusable and named, so keyboards can scroll it. */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="web-table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
