import { cloneElement, type KeyboardEvent, lazy, type ReactElement, Suspense, useState } from 'react';
import type { MenuEntry } from '../menu/menu';

// The dropdown menu (Radix, Floating UI, focus and scroll locks: about 35 KB gzipped) loads when a
// header menu is first used, not with every page: the header is on every page, its menus rarely open.
const loadMenu = () => import('../menu/menu');
const Menu = lazy(() => loadMenu().then((module) => ({ default: module.Menu })));

type TriggerProps = {
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
  onClick?: () => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
};

/**
 * A header menu whose trigger renders at once (same markup on the server) and whose menu code loads
 * on first hover, focus or use; the click or key that asked for it opens the menu once it is loaded.
 */
export function HeaderMenu({
  trigger,
  items,
}: {
  trigger: ReactElement<TriggerProps>;
  items: readonly MenuEntry[];
}) {
  const [state, setState] = useState<'idle' | 'open'>('idle');
  if (state === 'idle') {
    const prefetch = () => void loadMenu().catch(() => undefined);
    const open = () => setState('open');
    const placeholder = cloneElement(trigger, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: open,
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          open();
        }
      },
      onPointerEnter: prefetch,
      onFocus: prefetch,
    });
    return placeholder;
  }
  return (
    <Suspense fallback={cloneElement(trigger, { 'aria-haspopup': 'menu', 'aria-expanded': false })}>
      <Menu trigger={trigger} items={items} defaultOpen={state === 'open'} />
    </Suspense>
  );
}
