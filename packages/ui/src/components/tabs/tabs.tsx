import './tabs.css';
import { clsx } from 'clsx';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useUiIntl } from '../../i18n/use-ui-intl';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  /** Small count shown after the label (e.g. number of cards), formatted for the language (12,345). */
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

const NEXT: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * Tabs with roving focus (WAI-ARIA tabs pattern, horizontal): arrows move and wrap, skipping
 * disabled tabs, Home/End jump, activation follows focus; only the selected tab is in the tab order.
 * A press selects on mousedown, like a native tab strip. Every panel is in the document (the
 * inactive ones hidden and empty), so each tab's `aria-controls` names an element.
 */
export function Tabs({ items, value, defaultValue, onValueChange, className, ...props }: TabsProps) {
  const baseId = useId();
  const { intl } = useUiIntl();
  const [own, setOwn] = useState(defaultValue ?? items[0]?.value);
  const selected = value ?? own;
  const triggers = useRef(new Map<string, HTMLButtonElement>());
  // A press focuses the tab, which selects it too: one change per move, not one per event.
  const asked = useRef<{ from: string | undefined; to: string } | null>(null);
  const select = (next: string) => {
    const last = asked.current;
    if (next === selected || (last !== null && last.from === selected && last.to === next)) return;
    asked.current = { from: selected, to: next };
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = NEXT[event.key];
    const enabled = items.filter((item) => !item.disabled);
    const from = enabled.findIndex((item) => triggers.current.get(item.value) === event.target);
    if (!move || from < 0) return;
    event.preventDefault();
    const next = enabled[move(from, enabled.length)];
    if (next) triggers.current.get(next.value)?.focus();
  };
  const triggerId = (item: TabItem) => `${baseId}-trigger-${item.value}`;
  const panelId = (item: TabItem) => `${baseId}-content-${item.value}`;
  return (
    <div className={clsx('cui-tabs', className)} data-orientation="horizontal">
      <div
        role="tablist"
        aria-orientation="horizontal"
        aria-label={props['aria-label']}
        className="cui-tabs__list"
        onKeyDown={onKeyDown}
      >
        {items.map((item) => {
          const active = item.value === selected;
          return (
            <button
              key={item.value}
              ref={(element) => {
                if (element) triggers.current.set(item.value, element);
                else triggers.current.delete(item.value);
              }}
              type="button"
              role="tab"
              id={triggerId(item)}
              aria-selected={active}
              aria-controls={panelId(item)}
              data-state={active ? 'active' : 'inactive'}
              data-disabled={item.disabled ? '' : undefined}
              disabled={item.disabled}
              tabIndex={active ? 0 : -1}
              className="cui-tabs__trigger"
              onMouseDown={(event) => {
                if (item.disabled || event.button !== 0 || event.ctrlKey) {
                  event.preventDefault();
                  return;
                }
                event.currentTarget.focus();
                select(item.value);
              }}
              onKeyDown={(event) => {
                if (!item.disabled && (event.key === ' ' || event.key === 'Enter')) select(item.value);
              }}
              onFocus={() => {
                if (!item.disabled) select(item.value);
              }}
            >
              {item.label}
              {item.count !== undefined ? (
                <span className="cui-tabs__count">{intl.formatNumber(item.count)}</span>
              ) : null}
            </button>
          );
        })}
      </div>
      {items.map((item) => {
        const active = item.value === selected;
        return (
          <div
            key={item.value}
            role="tabpanel"
            id={panelId(item)}
            aria-labelledby={triggerId(item)}
            data-state={active ? 'active' : 'inactive'}
            data-orientation="horizontal"
            hidden={!active}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the panel follows its tab in the tab order (WAI-ARIA tabs pattern)
            tabIndex={0}
            className="cui-tabs__panel"
          >
            {active ? item.content : null}
          </div>
        );
      })}
    </div>
  );
}
