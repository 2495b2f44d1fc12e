import './menu.css';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export type MenuEntry =
  | {
      type?: 'item';
      id: string;
      label: ReactNode;
      onSelect?: () => void;
      /** Renders the item as a link. */
      href?: string;
      icon?: ReactNode;
      /** Red text for destructive actions. */
      danger?: boolean;
      disabled?: boolean;
      /** Keyboard hint shown at the end, e.g. "⌘K". */
      shortcut?: string;
    }
  | { type: 'separator'; id: string }
  | { type: 'label'; id: string; label: ReactNode };

export interface MenuProps {
  /** The element that opens the menu; must be a focusable element (e.g. a Button). */
  trigger: ReactNode;
  items: readonly MenuEntry[];
  align?: 'start' | 'center' | 'end';
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Render without a portal (useful inside the header on phones). */
  modal?: boolean;
  className?: string;
}

/** A dropdown menu of actions or links with full keyboard support (arrows, typeahead, Escape). */
export function Menu({
  trigger,
  items,
  align = 'end',
  open,
  defaultOpen,
  onOpenChange,
  modal,
  className,
}: MenuProps) {
  return (
    <DropdownMenu.Root
      {...(open !== undefined ? { open } : {})}
      {...(defaultOpen !== undefined ? { defaultOpen } : {})}
      {...(onOpenChange ? { onOpenChange } : {})}
      {...(modal !== undefined ? { modal } : {})}
    >
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={clsx('cui-menu', className)}
          align={align}
          sideOffset={6}
          collisionPadding={8}
        >
          {items.map((entry) => {
            if (entry.type === 'separator')
              return <DropdownMenu.Separator key={entry.id} className="cui-menu__separator" />;
            if (entry.type === 'label')
              return (
                <DropdownMenu.Label key={entry.id} className="cui-menu__label">
                  {entry.label}
                </DropdownMenu.Label>
              );
            const body = (
              <>
                {entry.icon ? (
                  <span className="cui-menu__icon" aria-hidden="true">
                    {entry.icon}
                  </span>
                ) : null}
                <span className="cui-menu__text">{entry.label}</span>
                {entry.shortcut ? <kbd className="cui-menu__shortcut">{entry.shortcut}</kbd> : null}
              </>
            );
            return (
              <DropdownMenu.Item
                key={entry.id}
                className="cui-menu__item"
                data-danger={entry.danger || undefined}
                {...(entry.disabled ? { disabled: true } : {})}
                {...(entry.onSelect ? { onSelect: entry.onSelect } : {})}
                asChild={Boolean(entry.href)}
              >
                {entry.href ? <a href={entry.href}>{body}</a> : body}
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
