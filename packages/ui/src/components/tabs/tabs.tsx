import './tabs.css';
import * as RadixTabs from '@radix-ui/react-tabs';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  /** Small count shown after the label (e.g. number of cards). */
  count?: number;
  disabled?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Accessible name of the tab list. */
  'aria-label': string;
  className?: string;
}

/** Tabs with roving focus: arrows move, Home/End jump, activation follows focus. */
export function Tabs({ items, value, defaultValue, onValueChange, className, ...props }: TabsProps) {
  return (
    <RadixTabs.Root
      className={clsx('cui-tabs', className)}
      {...(value !== undefined ? { value } : {})}
      defaultValue={defaultValue ?? items[0]?.value}
      {...(onValueChange ? { onValueChange } : {})}
    >
      <RadixTabs.List className="cui-tabs__list" aria-label={props['aria-label']}>
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className="cui-tabs__trigger"
            {...(item.disabled ? { disabled: true } : {})}
          >
            {item.label}
            {item.count !== undefined ? <span className="cui-tabs__count">{item.count}</span> : null}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className="cui-tabs__panel">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
